# truth: right, because it precomputes the per-step rates lr / (1 + t) and scans them beside the batches, with (w, v) as the carry and the loss taken before the update.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]
    rates = lr / (1.0 + jnp.arange(n))

    def step(carry, xs):
        w, v = carry
        x, y, step_lr = xs
        g = 2.0 * jnp.sum((w * x - y) * x)  # d/dw of sum((w x - y)^2)
        v = BETA * v + g
        return (w - step_lr * v, v), loss(w, x, y)

    w = jnp.asarray(w, dtype=jnp.result_type(float))
    (w, _), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, rates))
    return w, losses

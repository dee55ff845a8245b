# truth: folds the scheduled rate into the velocity (v = 0.9 * v + lr / (1 + t) * g; w = w - v), so old gradients keep their old, larger rate instead of being scaled by the current lr / (1 + t).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: rate_inside_velocity
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def step(carry, xs):
        w, v = carry
        x, y, t = xs
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + lr / (1 + t) * g
        w = w - v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

# truth: losses[t] is evaluated at the updated w (after step t's update) instead of at the w the step started with; the final w is right but every recorded loss is one update late
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]
    w0 = jnp.asarray(w, dtype=jnp.float32)

    def step(carry, xs):
        w, v = carry
        x, y, t = xs
        g = jax.grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), loss(w, x, y)

    (w, v), losses = lax.scan(step, (w0, jnp.zeros_like(w0)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

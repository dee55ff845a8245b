# truth: records the loss at the updated w (after the step) instead of the loss of step t before its update.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
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
        g = jax.grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), loss(w, x, y)

    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

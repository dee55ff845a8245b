# truth: records the loss at the updated w instead of the loss of the step before its update, so every entry of losses is shifted one step ahead (the final w is still right).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, v = carry
        x, y, t = batch
        g = jax.grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), loss(w, x, y)

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

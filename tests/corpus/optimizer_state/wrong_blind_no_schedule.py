# truth: ignores the schedule: uses a constant lr instead of lr / (1 + t)
# blind: third batch, labelled before the tutor was run on it
# cause: constant_lr
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)



def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, v = carry
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr * v
        return (w, v), value

    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches))
    return w, losses

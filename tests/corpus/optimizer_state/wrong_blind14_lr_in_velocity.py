# truth: folds the scheduled rate into the velocity (v = 0.9*v + lr/(1+t)*g; w -= v), so past gradients keep the larger rates of their own steps instead of being rescaled by the current lr/(1+t), and from step 1 on the updates, final w and later losses differ from the spec.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: rate_inside_velocity
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
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + lr / (1 + t) * g  # velocity measured in units of w
        w = w - v
        return (w, v), l

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

# truth: moves w with the previous velocity before adding the new gradient into v, so the first step does not move at all and every update lags one gradient behind.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: old_velocity
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
        w = w - lr / (1 + t) * v
        v = BETA * v + g
        return (w, v), l

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

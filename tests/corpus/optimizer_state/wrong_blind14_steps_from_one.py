# truth: numbers the steps 1..N instead of 0..N-1, so the schedule uses lr/(2+t) and every update is smaller than specified (the first one is halved).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: steps_from_one
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
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), l

    n = x_batches.shape[0]
    ts = jnp.arange(1, n + 1)  # step 1, 2, ..., N
    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, ts))
    return w, losses

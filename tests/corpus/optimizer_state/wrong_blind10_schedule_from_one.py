# truth: scans over step numbers jnp.arange(1, N + 1), so step t uses lr / (2 + t) instead of lr / (1 + t).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: steps_from_one
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
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(1, n + 1)))
    return w, losses

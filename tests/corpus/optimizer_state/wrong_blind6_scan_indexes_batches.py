# truth: scans over jnp.arange(N) alone and indexes x_batches[t] inside the body, the loop shape the task forbids (values are right).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: index_loop
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, t):
        w, v = carry
        x, y = x_batches[t], y_batches[t]
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), l

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, 0.0), jnp.arange(n))
    return w, losses

# cause: velocity_not_carried
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    def step(w, batch):
        x, y, t = batch
        v = jnp.zeros_like(w)
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        return w - lr / (1.0 + t) * v, value

    steps = jnp.arange(x_batches.shape[0], dtype=x_batches.dtype)
    return lax.scan(step, w, (x_batches, y_batches, steps))

# truth: Starts the velocity from 0 at every step instead of carrying it, so v is just the current gradient and there is no momentum at all.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: velocity_not_carried
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def step(w, inp):
        x, y, t = inp
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = 0.0
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return w, value

    w, losses = lax.scan(step, jnp.asarray(w, dtype=jnp.float32), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

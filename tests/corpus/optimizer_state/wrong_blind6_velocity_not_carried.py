# truth: starts v at 0 inside the step body instead of carrying it, so the velocity is forgotten each step and this is plain SGD.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: velocity_not_carried
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
        v = 0.0  # start with velocity v = 0
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, 0.0), l

    n = x_batches.shape[0]
    (w, _), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

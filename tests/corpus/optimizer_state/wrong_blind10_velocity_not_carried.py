# truth: starts the velocity from 0 inside every step and carries only w, so the momentum state never survives between steps (plain descent with the schedule).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: velocity_not_carried
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def step(w, xs):
        x, y, t = xs
        v = 0.0  # start with velocity 0
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return w, l

    w, losses = lax.scan(step, w, (x_batches, y_batches, jnp.arange(n)))
    return w, losses

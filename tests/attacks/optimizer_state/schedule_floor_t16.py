# attack: size
# wrong: the schedule uses lr / (1 + min(t, 16)), so steps after the 17th use too large a step (only when N > 17).
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
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        return (w - lr / (1.0 + jnp.minimum(t, 16.0)) * v, v), value

    steps = jnp.arange(x_batches.shape[0], dtype=x_batches.dtype)
    (w, _), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, steps))
    return w, losses

# attack: edge
# wrong: the scheduled step size is floored at 1e-4, so it is too large only once lr / (1 + t) drops below 1e-4 (small lr, many steps).
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
        return (w - jnp.maximum(lr / (1.0 + t), 1e-4) * v, v), value

    steps = jnp.arange(x_batches.shape[0], dtype=x_batches.dtype)
    (w, _), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, steps))
    return w, losses

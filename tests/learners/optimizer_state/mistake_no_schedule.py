import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, v = carry
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        v = 0.9 * v + g
        return (w - lr * v, v), loss

    (w, v), losses = lax.scan(step, (w, 0.0 * w), (x_batches, y_batches))
    return w, losses

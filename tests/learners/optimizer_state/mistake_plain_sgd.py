import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, t = carry
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        v = g  # the velocity is made afresh every step
        return (w - lr / (1.0 + t) * v, t + 1.0), loss

    (w, _), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches))
    return w, losses

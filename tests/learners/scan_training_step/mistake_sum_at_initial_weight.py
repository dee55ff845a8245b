# expect: fail sum_at_initial_weight
# the gradients are all taken at the starting weight and added up
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(total, batch):
        x, y = batch
        return total + jax.grad(lambda v: jnp.sum((v * x - y) ** 2))(w), None

    total, _ = lax.scan(step, jnp.zeros_like(w), (x_batches, y_batches))
    return w - lr * total

# cause: all_batches_each_step
# never: a Python loop inside the body
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        return w - lr * jax.grad(loss)(w, x_batches, y_batches), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

# attack: size
# wrong: the batches are squeezed before the scan, so with a single batch (N == 1) the scan runs over its examples one by one (or crashes when B == 1 too).
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (jnp.squeeze(x_batches), jnp.squeeze(y_batches)))
    return final_w

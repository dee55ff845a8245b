# attack: size
# wrong: only the first 20 batches are scanned, so every batch after the 20th is skipped when N > 20.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches[:20], y_batches[:20]))
    return final_w

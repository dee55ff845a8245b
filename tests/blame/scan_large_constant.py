# A right answer to scan_training_step that closes over a 60 MB table it never needs
# (times zero): jax.export writes the table into the program, which is then far over the
# tutor's size limit for one program.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

TABLE = jnp.asarray(np.random.default_rng(0).random(15_000_000, dtype=np.float32))


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w + 0 * TABLE.sum()

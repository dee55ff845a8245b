# A right answer to scan_training_step that adds zero times the median of a fixed table
# of 100,000 numbers, closed over: exporting it is quick, but XLA folds the sort of that
# constant table while it compiles the program, which takes far longer than any limit.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

TABLE = jnp.asarray(np.random.default_rng(0).random(100_000, dtype=np.float32))


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w + 0 * jnp.sort(TABLE)[50_000]

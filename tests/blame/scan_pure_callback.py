# A right answer to scan_training_step whose gradient is computed by NumPy, called
# back from inside the compiled program with jax.pure_callback: it compiles and runs
# under jit, but no exported program can carry the callback's Python.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def _gradient(w, x, y):
    return np.asarray(2 * np.sum((w * x - y) * x), dtype=np.float32)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.pure_callback(_gradient, jax.ShapeDtypeStruct((), jnp.float32), w, x, y)
        return w - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

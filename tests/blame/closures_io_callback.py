# A right answer to closures_train_step whose gradient comes from NumPy through
# io_callback, inside the jitted function.
import jax
import numpy as np
from jax.experimental import io_callback

LEARNING_RATE = 0.05


def _gradient(w, x, y):
    return np.asarray(2 * np.sum((w * x - y) * x, axis=0), dtype=w.dtype)


@jax.jit
def train_step(w, x, y):
    g = io_callback(_gradient, jax.ShapeDtypeStruct(w.shape, w.dtype), w, x, y)
    return w - LEARNING_RATE * g

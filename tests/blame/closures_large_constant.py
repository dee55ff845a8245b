# A right answer to closures_train_step (a generic lesson whose check exports the
# function) that closes over a 60 MB table it never needs (times zero).
import jax
import jax.numpy as jnp
import numpy as np

LEARNING_RATE = 0.05
TABLE = jnp.asarray(np.random.default_rng(0).random(15_000_000, dtype=np.float32))


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w) + 0 * TABLE.sum()

# attack: tolerance
# wrong: loss_fn adds 1e-6 * w**2, so the new w is off by 1e-7 * w relative to the correct step.
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2) + 1e-6 * w**2

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)

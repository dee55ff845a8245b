# cause: probe_step_factor
# says: twice
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    return w - 0.1 * jax.grad(loss_fn)(w)

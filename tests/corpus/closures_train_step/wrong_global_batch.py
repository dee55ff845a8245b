# cause: probe_ignored_argument
# says: does not change when x changes
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


X = jnp.array([1.0, 2.0, 0.0])
Y = jnp.array([1.0, 1.0, 0.0])


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * X - Y) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)

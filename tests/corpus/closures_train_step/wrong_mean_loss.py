# true: probe_step_divided_by_size
# (the space has N other than 3: the mean divides the step by N)
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.mean((w * x - y) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)

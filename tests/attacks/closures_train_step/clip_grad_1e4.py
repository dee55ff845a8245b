# attack: edge
# wrong: the gradient is clipped to [-1e4, 1e4] "for safety", so the step is wrong only when |g| > 1e4 (large w or x).
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g = jnp.clip(jax.grad(loss_fn)(w), -1e4, 1e4)
    return w - LEARNING_RATE * g

# The symptom of value_taken_for_gradient (w moved by lr times the loss) without
# jax.value_and_grad: the loss itself is taken for the gradient.
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    return w - LEARNING_RATE * loss_fn(w)

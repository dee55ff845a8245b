# truth: unpacks jax.value_and_grad's (value, grad) pair in the wrong order, so it steps by the loss value instead of the gradient.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_taken_for_gradient
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g, loss = jax.value_and_grad(loss_fn)(w)
    return w - LEARNING_RATE * g

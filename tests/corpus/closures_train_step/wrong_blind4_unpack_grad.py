# truth: Unpacks jax.grad's result as if it were (loss, gradient), but jax.grad returns only the gradient (a scalar here), so the unpacking raises an error.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: unpack_count
# says: a 0-d array, a single number
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    loss, g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g

# truth: passes the batch to loss_fn as extra arguments placed before w, so jax.grad differentiates with respect to x (argument 0) and the step returns a vector of shape (N,) instead of the updated scalar w.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_batch
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(x, y, w):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn)(x, y, w)
    return w - LEARNING_RATE * g

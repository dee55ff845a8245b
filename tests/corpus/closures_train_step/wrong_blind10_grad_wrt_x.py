# truth: puts the batch first in loss_fn's argument list, so jax.grad differentiates with respect to x (argument 0) and the "update" is a vector of shape (N,), not the scalar weight step.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
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

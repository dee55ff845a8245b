# truth: Passes the batch into loss_fn(x, w, y) with x first and lets jax.grad use its default argument 0, so it returns a step built from the gradient with respect to x (shape (N,)) instead of w.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_batch
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(x, w, y):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn)(x, w, y)
    return w - LEARNING_RATE * g

# truth: passes the batch as arguments and uses argnums=1, so g is the gradient with respect to x (shape (N,), 2*w*(w*x - y)) instead of w; the result w - 0.05 * g is a length-N array, not the scalar update.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_batch
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    def loss_fn(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn, argnums=1)(w, x, y)
    return w - LEARNING_RATE * g

# truth: the loss uses jnp.mean instead of jnp.sum, so the gradient (and the step) is divided by N: returns w - 0.05 * g / N.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    def loss_fn(w):
        return jnp.mean((w * x - y) ** 2)

    g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g

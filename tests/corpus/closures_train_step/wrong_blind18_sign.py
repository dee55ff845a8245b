# truth: steps uphill: returns w + 0.05 * g instead of w - 0.05 * g, i.e. gradient ascent on the loss.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn)(w)
    return w + LEARNING_RATE * g

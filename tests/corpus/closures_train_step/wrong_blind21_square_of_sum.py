# truth: misplaced parenthesis squares the sum of residuals, jnp.sum(w * x - y) ** 2, instead of summing the squared residuals, so g = 2 * sum(w*x - y) * sum(x) instead of 2 * sum((w*x - y) * x); identical for a batch of one element (or when w already fits every example), wrong for general batches with N > 1.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_only_size_one
# says: the power taken of the sum
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    def loss_fn(w):
        return jnp.sum(w * x - y) ** 2
    g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g

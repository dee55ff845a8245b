# truth: loss_fn uses jnp.mean instead of jnp.sum of the squared errors, so the gradient (and hence the step) is divided by N; correct only for batches of size 1, too small a step for N > 1.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
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

# truth: Adds 0.05 times the gradient instead of subtracting it, so the step goes uphill.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn)(w)
    return w + LEARNING_RATE * g

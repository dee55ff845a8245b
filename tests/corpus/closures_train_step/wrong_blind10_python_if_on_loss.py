# truth: skips the update with a Python `if` when the loss is already zero, but under jax.jit the loss is a tracer and `if` on it raises a TracerBoolConversionError.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(w)
    if loss == 0.0:  # already a perfect fit: nothing to do
        return w
    return w - LEARNING_RATE * g

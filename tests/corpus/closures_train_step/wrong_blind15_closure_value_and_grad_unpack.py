# truth: Uses jax.value_and_grad but unpacks the pair as (grad, value), so "g" is actually the loss value and the step is w - 0.05 * loss instead of w - 0.05 * dloss/dw.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_taken_for_gradient
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g, loss = jax.value_and_grad(loss_fn)(w)
    return w - LEARNING_RATE * g

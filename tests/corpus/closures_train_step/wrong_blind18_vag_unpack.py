# truth: unpacks value_and_grad as (grad, loss) but it returns (loss, grad), so the step uses the loss value: returns w - 0.05 * sum((w*x - y)**2) instead of w - 0.05 * gradient.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_taken_for_gradient
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g, loss = jax.value_and_grad(loss_fn)(w)
    return w - LEARNING_RATE * g

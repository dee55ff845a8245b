# truth: loss_fn's parameter is named params but the body reads the outer w through the closure, so the loss does not depend on its argument, the gradient is always 0 and train_step returns w unchanged.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
# says: never reads its parameter `params`
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(params):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g

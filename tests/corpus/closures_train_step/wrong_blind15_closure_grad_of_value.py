# truth: Calls jax.grad(loss_fn(w)), passing the loss value instead of the function, so jax.grad raises a TypeError (expected a callable) while tracing and train_step never returns.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_of_a_value
# says: `jax.grad(loss_fn)(w)`
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g = jax.grad(loss_fn(w))
    return w - LEARNING_RATE * g

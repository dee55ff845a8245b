# truth: right, because jax.jit is applied by a call instead of a decorator, the closure loss_fn(w) is rebuilt inside every trace around this call's x and y arguments, and value_and_grad's gradient (second element) is what the step uses.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


def _train_step(w, x, y):
    def loss_fn(w):
        residual = w * x - y
        return jnp.dot(residual, residual)  # same as sum(residual ** 2)

    _, g = jax.value_and_grad(loss_fn)(w)
    return w - LEARNING_RATE * g


train_step = jax.jit(_train_step)

# truth: The step adds the gradient (w + lr * g) instead of subtracting it, so w moves uphill and the loss increases; compilation count is fine.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, x, y)
    return w + lr * g

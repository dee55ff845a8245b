# truth: The loss is rewritten with jnp.mean instead of the required jnp.sum, so the gradient (and hence the step lr * g) is N times too small; compilation count is fine.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - lr * g

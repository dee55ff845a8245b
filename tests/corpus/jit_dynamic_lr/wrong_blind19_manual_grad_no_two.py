# truth: The gradient is written by hand as (w * x - y) * x, dropping the factor 2 from differentiating the square, so the update is only half the correct size (w - lr*g/2 instead of w - lr*g) whenever the residual is nonzero.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_factor
# says: half the expected change
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    # d/dw of (w*x - y)**2 is (w*x - y) * x, summed over the examples.
    residual = w * x - y
    g = residual * x
    if jnp.ndim(w) == 0:
        g = jnp.sum(g)
    return w - lr * g

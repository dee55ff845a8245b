# truth: wraps the squared norm in lax.stop_gradient to keep the sqrt's infinite slope out of the backward pass; there is no NaN, but the gradient is 0 everywhere, not x / norm(x).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_stopped
import jax
import jax.numpy as jnp
from jax import lax


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    sq = jnp.sum(x ** 2)
    n = jnp.sqrt(lax.stop_gradient(sq))  # no gradient can blow up through the sqrt now
    return jnp.where(sq > 0, n, 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

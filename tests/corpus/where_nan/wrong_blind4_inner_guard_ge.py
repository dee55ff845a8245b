# truth: The inner where tests s >= 0 instead of the same s > 0 as the outer one, so it never replaces 0 and the gradient at x = 0 is still NaN.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# true: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    s = jnp.sum(x ** 2)
    safe_s = jnp.where(s >= 0, s, 1.0)  # a sum of squares is never negative
    return jnp.where(s > 0, jnp.sqrt(safe_s), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

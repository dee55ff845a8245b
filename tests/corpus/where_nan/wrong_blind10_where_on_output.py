# truth: patches only the output with a where around jnp.linalg.norm, so the value at x = 0 is 0 but the unpicked sqrt branch still makes 0 * inf and the gradient at 0 is NaN.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    n = jnp.linalg.norm(x)
    return jnp.where(jnp.all(x == 0), 0.0, n)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

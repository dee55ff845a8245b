# truth: Adds an epsilon inside the sqrt (sqrt(sum(x**2) + 1e-12)) instead of guarding with where; gradient at 0 is 0 and ordinary vectors are fine, but the value at x = 0 is 1e-6 instead of 0, and for entries around 1e-7 both value (~1e-6 vs ~1.7e-7) and gradient are badly off.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    eps = 1e-12  # keeps sqrt away from 0
    return jnp.sqrt(jnp.sum(x ** 2) + eps)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

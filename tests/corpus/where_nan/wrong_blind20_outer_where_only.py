# truth: Only an outer `where` around sqrt(sum(x**2)); the value is right everywhere, but at x = 0 the unpicked sqrt branch still backpropagates 0 * inf, so the gradient at x = 0 is NaN instead of 0 (correct elsewhere).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    sq = jnp.sum(x ** 2)
    return jnp.where(sq > 0, jnp.sqrt(sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

# truth: only the outer where guards the result; sqrt still sees sum = 0 in the unpicked branch, so at x = 0 the value is 0 but the gradient is [nan, nan, nan] (0 * inf from sqrt's derivative) instead of zeros
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    return jnp.where(sq > 0, jnp.sqrt(sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

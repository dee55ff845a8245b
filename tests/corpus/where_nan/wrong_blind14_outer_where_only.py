# truth: guards only the output with one where, so sqrt still sees 0 in the unpicked branch and the gradient at x = 0 is NaN (value is right).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    return jnp.where(sq > 0, jnp.sqrt(sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

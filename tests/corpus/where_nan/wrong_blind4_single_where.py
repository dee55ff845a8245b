# truth: Guards only the output with one jnp.where, so sqrt still sees 0 in the unpicked branch and the gradient at x = 0 is NaN.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: nan_gradient_at_zero
import jax
import jax.numpy as jnp


def safe_norm(x):
    s = jnp.sum(x ** 2)
    return jnp.where(s > 0, jnp.sqrt(s), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

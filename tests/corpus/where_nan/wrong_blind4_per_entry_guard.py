# truth: Guards each entry of x (replacing zero entries by 1) instead of guarding the sum of squares, so any vector with some zero and some non-zero entries gets a wrong norm and gradient.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: zeros_replaced_entry_by_entry
import jax
import jax.numpy as jnp


def safe_norm(x):
    nonzero = x != 0
    safe_x = jnp.where(nonzero, x, 1.0)
    return jnp.where(jnp.any(nonzero), jnp.sqrt(jnp.sum(safe_x ** 2)), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

# truth: guards the entries of x one by one (zeros replaced by 1) instead of guarding the sum, so a vector with some zero entries gets a too-large norm.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: zeros_replaced_entry_by_entry
import jax
import jax.numpy as jnp


def safe_norm(x):
    safe_x = jnp.where(x != 0, x, 1.0)
    return jnp.where(jnp.all(x == 0), 0.0, jnp.sqrt(jnp.sum(safe_x ** 2)))


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

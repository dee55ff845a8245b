# truth: The inner `where` replaces each zero *entry* by 1.0 (instead of replacing the whole vector only when it is all zero), so for vectors with some but not all entries zero, e.g. [3, 0, 4], the value (sqrt(26) instead of 5) and gradient are wrong; it is right at x = 0 and on vectors with no zero entries.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: zeros_replaced_entry_by_entry
import jax
import jax.numpy as jnp


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    nonzero = jnp.any(x != 0)
    safe_x = jnp.where(x != 0, x, 1.0)  # sqrt never sees 0
    return jnp.where(nonzero, jnp.sqrt(jnp.sum(safe_x ** 2)), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

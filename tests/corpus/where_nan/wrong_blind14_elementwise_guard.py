# truth: applies the safe-input where entry by entry (zero entries become 1.0) while the output is guarded on the whole vector, so any vector with some but not all entries zero gets too large a norm and a wrong gradient.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: zeros_replaced_entry_by_entry
import jax
import jax.numpy as jnp


def safe_norm(x):
    nonzero = x != 0
    safe_x = jnp.where(nonzero, x, 1.0)
    norm = jnp.sqrt(jnp.sum(safe_x ** 2))
    return jnp.where(jnp.any(nonzero), norm, 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

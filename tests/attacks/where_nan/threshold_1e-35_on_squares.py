# attack: edge
# wrong: treats sum(x**2) <= 1e-35 as zero, so vectors of norm below ~3e-18 (entries ~1e-18) return norm 0 and gradient 0 instead of x / norm.
import jax
import jax.numpy as jnp


def safe_norm(x):
    squared = jnp.sum(x**2)
    nonzero = squared > 1e-35
    safe_squared = jnp.where(nonzero, squared, 1.0)
    return jnp.where(nonzero, jnp.sqrt(safe_squared), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

# attack: edge
# wrong: the norm is sqrt(sum(x**2) + 1e-12), so for tiny vectors (entries ~1e-7) the gradient is far too small and the value about 1e-6 too large.
import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x**2) + 1e-12)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

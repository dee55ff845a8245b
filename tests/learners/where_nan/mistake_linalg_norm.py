import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.linalg.norm(x)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

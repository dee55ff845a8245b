# attack: edge
# wrong: plain sqrt(sum(x**2)), whose gradient is NaN at x = 0; right everywhere else.
import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x**2))


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

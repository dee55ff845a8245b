# truth: right, because it guards the whole input vector (an all-zero x is swapped for ones before jnp.linalg.norm) and uses the same any(x != 0) condition in the outer where, so the value is the norm, the gradient is x / norm(x) for any nonzero x, and exactly 0 at x = 0.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def safe_norm(x):
    is_nonzero = jnp.any(x != 0)
    safe_x = jnp.where(is_nonzero, x, jnp.ones_like(x))
    return jnp.where(is_nonzero, jnp.linalg.norm(safe_x), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

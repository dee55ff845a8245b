# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def safe_norm(x):
    is_zero = jnp.all(x == 0)
    # Replace the whole vector by ones when it is zero: norm and gradient stay finite.
    safe_x = jnp.where(is_zero, jnp.ones_like(x), x)
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.sum(safe_x * safe_x)))


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

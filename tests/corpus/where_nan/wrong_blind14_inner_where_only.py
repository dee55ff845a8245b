# truth: keeps the inner where (0 replaced by the safe value 1.0) but drops the outer one, so the gradient at 0 is 0 but the returned norm at x = 0 is 1 instead of 0.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: safe_value_reaches_output
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    safe_sq = jnp.where(sq > 0, sq, 1.0)
    return jnp.sqrt(safe_sq)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

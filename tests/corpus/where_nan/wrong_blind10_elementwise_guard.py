# truth: applies the safe-value where to each entry of x instead of to the whole vector, so any vector with some (not all) zero entries, like [3, 4, 0], gets those zeros replaced by 1 and a wrong norm and gradient.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: zeros_replaced_entry_by_entry
import jax
import jax.numpy as jnp


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    is_zero = x == 0
    safe_x = jnp.where(is_zero, 1.0, x)  # keep zeros away from the sqrt
    n = jnp.sqrt(jnp.sum(safe_x ** 2))
    return jnp.where(jnp.all(is_zero), 0.0, n)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

# truth: only the inner where (safe input) is kept and the outer where picking 0 is dropped, so at x = 0 it returns sqrt(1.0) = 1.0 instead of 0 (the gradient there is 0, and everything away from 0 is right)
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: safe_value_reaches_output
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    safe_sq = jnp.where(sq > 0, sq, 1.0)
    return jnp.sqrt(safe_sq)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

# truth: the guard is sum(x**2) > 1e-12 instead of > 0, so vectors with tiny entries (~1e-7, sum of squares ~3e-14) are treated as zero: it returns norm 0 and gradient 0 for them instead of ~1.7e-7 and x / norm
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# true: clamped_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    nonzero = sq > 1e-12
    safe_sq = jnp.where(nonzero, sq, 1.0)
    return jnp.where(nonzero, jnp.sqrt(safe_sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

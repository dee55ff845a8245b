# truth: treats squared norms below 1e-12 as zero, so vectors with entries around 1e-7 (squared norm about 3e-14) get value 0 and gradient 0 instead of their true norm and x / norm(x).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clamped_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    nonzero = sq > 1e-12
    safe_sq = jnp.where(nonzero, sq, 1.0)
    return jnp.where(nonzero, jnp.sqrt(safe_sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

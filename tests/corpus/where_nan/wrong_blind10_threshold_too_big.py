# truth: uses the double where, but guards with `squared norm > 1e-12` instead of `> 0`, so vectors whose entries are around 1e-7 (squared norm ~3e-14) are treated as zero: value 0 and gradient 0 instead of the real ones.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# true: clamped_under_sqrt
import jax
import jax.numpy as jnp

TINY = 1e-12


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    sq = jnp.sum(x ** 2)
    nonzero = sq > TINY  # treat anything this small as the zero vector
    safe_sq = jnp.where(nonzero, sq, 1.0)
    return jnp.where(nonzero, jnp.sqrt(safe_sq), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

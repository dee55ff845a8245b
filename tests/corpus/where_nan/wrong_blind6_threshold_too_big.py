# truth: treats any norm below 1e-6 as zero, so vectors with entries around 1e-7 get value 0 and gradient 0 instead of their real norm and x / norm.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: clamped_under_sqrt
import jax
import jax.numpy as jnp

TINY = 1e-6


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    ok = sq > TINY ** 2
    safe = jnp.where(ok, sq, 1.0)
    return jnp.where(ok, jnp.sqrt(safe), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

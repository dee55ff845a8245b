# truth: Uses a cut-off of 1e-12 on the sum of squares instead of testing > 0, so a vector with entries around 1e-7 is treated as zero and gets norm 0 and gradient 0.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: clamped_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    s = jnp.sum(x ** 2)
    ok = s > 1e-12
    safe_s = jnp.where(ok, s, 1.0)
    return jnp.where(ok, jnp.sqrt(safe_s), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

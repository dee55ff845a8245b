# truth: right, because a jax.custom_jvp gives the norm an explicit derivative x / norm(x), with the division guarded by a where on a safe denominator of 1 and the gradient set to 0 where the norm is 0, so no NaN is ever made and tiny vectors keep their exact value and gradient.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    nonzero = n > 0
    denom = jnp.where(nonzero, n, 1.0)
    direction = jnp.where(nonzero, x / denom, 0.0)
    return n, jnp.sum(direction * t)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

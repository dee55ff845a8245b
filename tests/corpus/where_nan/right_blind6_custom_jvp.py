# truth: right, because a custom_jvp gives the norm's derivative x . t / norm directly, with a guarded division that is 0 at x = 0.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    nonzero = n > 0
    denom = jnp.where(nonzero, n, 1.0)
    return n, jnp.where(nonzero, jnp.dot(x, t) / denom, 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

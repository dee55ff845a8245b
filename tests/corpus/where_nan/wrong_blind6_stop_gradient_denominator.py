# truth: writes the norm as sum(x**2) / stop_gradient(norm) to dodge sqrt's derivative, so the value is right but the gradient is 2 * x / norm, twice too large.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_constant_factor
import jax
import jax.numpy as jnp
from jax import lax


def safe_norm(x):
    sq = jnp.sum(x ** 2)
    ok = sq > 0
    n = jnp.sqrt(jnp.where(ok, sq, 1.0))
    return jnp.where(ok, sq / lax.stop_gradient(n), 0.0)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

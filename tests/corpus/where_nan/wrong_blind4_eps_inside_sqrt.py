# truth: Adds 1e-12 inside the square root instead of guarding with where, so the norm is 1e-6 instead of 0 at x = 0 and far too large (with a too-small gradient) for vectors of tiny entries.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2) + 1e-12)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

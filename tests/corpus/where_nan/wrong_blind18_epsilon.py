# truth: adds 1e-12 inside the sqrt instead of guarding with where, so it computes sqrt(sum(x**2) + 1e-12): the value at x = 0 is 1e-6 instead of 0, and for tiny entries (~1e-7, sum ~3e-14) the norm is ~1.0e-6 instead of ~1.7e-7 and the gradient x / that is far too small
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2) + 1e-12)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

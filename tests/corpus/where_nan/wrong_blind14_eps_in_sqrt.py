# truth: adds 1e-12 inside the sqrt instead of guarding with where, so the value at 0 is 1e-6 rather than 0 and for entries around 1e-7 the value and gradient are far off x / norm(x).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2) + 1e-12)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

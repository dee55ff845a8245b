# truth: adds an epsilon inside the sqrt (the PyTorch-style fix), so the gradient is finite but the norm at 0 is 1e-6 instead of 0 and for entries around 1e-7 both value and gradient are badly off.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp

EPS = 1e-12


def safe_norm(x):
    # sqrt(sum(x ** 2)), with a gradient of 0 (not NaN) at x = 0
    return jnp.sqrt(jnp.sum(x ** 2) + EPS)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

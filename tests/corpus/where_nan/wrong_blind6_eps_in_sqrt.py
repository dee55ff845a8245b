# truth: adds an epsilon inside the sqrt (the PyTorch habit), which avoids the NaN but makes the value 1e-6 at 0 and badly wrong for tiny vectors.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: epsilon_under_sqrt
import jax
import jax.numpy as jnp

EPS = 1e-12


def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2) + EPS)


def safe_norm_and_grad(x):
    return safe_norm(x), jax.grad(safe_norm)(x)

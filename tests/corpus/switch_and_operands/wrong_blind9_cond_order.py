# truth: nests lax.cond but passes the inner branches in switch order (false first), so k == 1 gets exp(-x) and k >= 2 gets x ** 3 / 3.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: inner_cond_swapped
import jax
import jax.numpy as jnp
from jax import lax


def f0(x):
    return x * jnp.sin(x)


def f1(x):
    return x ** 3 / 3


def f2(x):
    return jnp.exp(-x)


def f(k, x):
    return lax.cond(
        k <= 0,
        f0,
        lambda x: lax.cond(k == 1, f2, f1, x),  # index 1 -> second function
        x,
    )


@jax.jit
def value_and_slope(k, x):
    return jax.value_and_grad(f, argnums=1)(k, x)

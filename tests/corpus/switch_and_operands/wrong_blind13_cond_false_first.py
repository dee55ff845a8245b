# truth: passes the branches to lax.cond in switch order (false first), so k <= 0 runs the k >= 1 functions and k >= 1 runs x*sin(x): every k gets the wrong function.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: outer_cond_swapped
import jax
import jax.numpy as jnp
from jax import lax


def first(v):
    return v * jnp.sin(v)


def later(k):
    # k == 1 -> x**3/3, k >= 2 -> exp(-x); switch clamps k - 1 into 0..1
    return lambda v: lax.switch(k - 1, [lambda u: u ** 3 / 3, lambda u: jnp.exp(-u)], v)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    f = lambda v: lax.cond(k <= 0, later(k), first, v)
    return jax.value_and_grad(f)(x)

# truth: nests lax.cond with the false branch passed first (as with switch on a bool), so the test k <= 0 is inverted: k <= 0 gets exp(-x) and every k > 0 gets x*sin(x).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: cond_branches_swapped
import jax
import jax.numpy as jnp
from jax import lax


def first(v):
    return v * jnp.sin(v)


def second(v):
    return v ** 3 / 3


def third(v):
    return jnp.exp(-v)


def pick(k, v):
    # index 0 is "not k <= 0", index 1 is "k <= 0", like switch(bool, [...])
    rest = lambda u: lax.cond(k == 1, second, third, u)
    return lax.cond(k <= 0, rest, first, v)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return jax.value_and_grad(pick, argnums=1)(k, x)

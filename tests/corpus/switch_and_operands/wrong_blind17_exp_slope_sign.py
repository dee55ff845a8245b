# truth: the hand-written derivative of exp(-x) drops the chain-rule minus sign and returns +exp(-x), so for k >= 2 the slope is exp(-x) instead of -exp(-x); values and the other two branches are right
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_entry_repeats
import jax
import jax.numpy as jnp
from jax import lax


def _pair0(x):
    return x * jnp.sin(x), jnp.sin(x) + x * jnp.cos(x)


def _pair1(x):
    return x ** 3 / 3, x ** 2


def _pair2(x):
    return jnp.exp(-x), jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k, [_pair0, _pair1, _pair2], x)

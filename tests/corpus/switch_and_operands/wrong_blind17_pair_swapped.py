# truth: returns the pair in the wrong order, (f'(x), f(x)) instead of (f(x), f'(x)); the branch selection and both numbers are otherwise correct
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_swapped_entries
import jax
import jax.numpy as jnp
from jax import lax


def _f(k, x):
    return lax.switch(
        k,
        [
            lambda v: v * jnp.sin(v),
            lambda v: v ** 3 / 3,
            lambda v: jnp.exp(-v),
        ],
        x,
    )


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    value = _f(k, x)
    slope = jax.grad(_f, argnums=1)(k, x)
    return slope, value

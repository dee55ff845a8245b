# truth: picks the branch with lax.switch(k % 3, ...), so out-of-range k wraps around instead of clamping: k=-1 gives exp(-x) (should be x*sin(x)), k=-2 gives x**3/3, k=3 gives x*sin(x) and k=4 gives x**3/3 (should all be exp(-x) for k>2)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: index_wraps
import jax
import jax.numpy as jnp
from jax import lax


def _f0(x):
    return x * jnp.sin(x)


def _f1(x):
    return x ** 3 / 3


def _f2(x):
    return jnp.exp(-x)


_branches = [jax.value_and_grad(f) for f in (_f0, _f1, _f2)]


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k % 3, _branches, x)

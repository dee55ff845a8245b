# truth: the branches ignore their operand and read x from the enclosing function, so grad sees a constant function of its input and the slope is always 0.0 (the value is right).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: branches_ignore_operand
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    branches = [
        lambda v: x * jnp.sin(x),
        lambda v: x ** 3 / 3,
        lambda v: jnp.exp(-x),
    ]
    f = lambda v: lax.switch(k, branches, v)
    return f(x), jax.grad(f)(x)

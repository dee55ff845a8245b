# truth: the branches ignore their operand and read x from the enclosing scope, so grad sees a constant function and the slope is always 0.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: branches_ignore_operand
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def value_and_slope(k, x):
    branches = [
        lambda u: x * jnp.sin(x),
        lambda u: x ** 3 / 3,
        lambda u: jnp.exp(-x),
    ]

    def f(u):
        return lax.switch(k, branches, u)

    return f(x), jax.grad(f)(x)

# truth: The branches ignore their operand u and read x from the enclosing scope, so grad with respect to u sees a constant function: the values are right but the slope is always 0.0.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: branches_ignore_operand
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    def f(u):
        return lax.switch(
            k,
            [
                lambda u: x * jnp.sin(x),
                lambda u: x ** 3 / 3,
                lambda u: jnp.exp(-x),
            ],
            u,
        )

    return jax.value_and_grad(f)(x)

# truth: differentiates a function whose first argument is the int index k, so jax.value_and_grad refuses it with a TypeError (grad requires real- or complex-valued inputs) on every call.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_with_respect_to_k
import jax
import jax.numpy as jnp
from jax import lax


def pick(k, x):
    branches = [
        lambda v: v * jnp.sin(v),
        lambda v: v ** 3 / 3,
        lambda v: jnp.exp(-v),
    ]
    return lax.switch(k, branches, x)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return jax.value_and_grad(pick)(k, x)

# truth: builds the branches with lambdas in a list comprehension, and Python's late binding makes every branch use the last function, so all k compute exp(-x) and its slope -exp(-x).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: every_branch_the_last
import jax
import jax.numpy as jnp
from jax import lax

FUNCS = [
    lambda v: v * jnp.sin(v),
    lambda v: v ** 3 / 3,
    lambda v: jnp.exp(-v),
]


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    branches = [lambda v: jax.value_and_grad(f)(v) for f in FUNCS]
    return lax.switch(k, branches, x)

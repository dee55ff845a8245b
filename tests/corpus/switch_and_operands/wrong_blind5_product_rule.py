# truth: the hand-written derivative of x*sin(x) drops the product rule and returns x*cos(x), missing the sin(x) term.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: product_rule_term_missing
import jax
import jax.numpy as jnp
from jax import lax


def branch0(x):
    return x * jnp.sin(x), x * jnp.cos(x)


def branch1(x):
    return x ** 3 / 3, x ** 2


def branch2(x):
    return jnp.exp(-x), -jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k, [branch0, branch1, branch2], x)

# truth: Hand-codes the slopes and forgets the product rule for x * sin(x), giving x * cos(x) instead of sin(x) + x * cos(x); values and the other two branches are right, and branch 0 is even right at x = 0, but its slope is wrong for any other x.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: product_rule_term_missing
import jax
import jax.numpy as jnp
from jax import lax


def _first(x):
    return x * jnp.sin(x), x * jnp.cos(x)


def _second(x):
    return x ** 3 / 3, x ** 2


def _third(x):
    return jnp.exp(-x), -jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k, [_first, _second, _third], x)

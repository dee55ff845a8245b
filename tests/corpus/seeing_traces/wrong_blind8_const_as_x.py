# truth: misreads the jaxpr's first variable `a` as the argument x and `b` as the constant, so it computes const * t + x instead of x * t + const.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: constant_read_as_x
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # a is listed first, so I took it as x; b is then the captured array
    d = a * t
    e = d + x
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h, f

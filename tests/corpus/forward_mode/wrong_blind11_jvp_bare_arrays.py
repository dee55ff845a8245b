# truth: passes x and v to jax.jvp as bare arrays instead of tuples of primals and tangents (mirroring the jax.vjp(f, x) call), so jax.jvp raises a TypeError and nothing is returned.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: jvp_bare_arguments
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    _, jv = jax.jvp(f, x, v)
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    _, hv = jax.jvp(jax.grad(g), x, v)
    return jv, vj, hv

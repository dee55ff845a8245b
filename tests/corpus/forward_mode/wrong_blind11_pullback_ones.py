# truth: feeds the pullback a vector of ones (as jax.grad does with u = 1) instead of v, so the second output is the column sums of J, i.e. the gradient of sum(f), not v J.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: pullback_of_ones
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(jnp.ones_like(x))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

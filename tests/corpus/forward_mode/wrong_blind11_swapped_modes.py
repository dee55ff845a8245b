# truth: mixes up the two modes, taking the pullback (vjp) as "J v" and the jvp tangent as "v J", so the first two outputs are J.T @ v and J @ v in swapped places, wrong because J is not symmetric.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: products_swapped
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    _, pullback = jax.vjp(f, x)
    (jv,) = pullback(v)
    _, vj = jax.jvp(f, (x,), (v,))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

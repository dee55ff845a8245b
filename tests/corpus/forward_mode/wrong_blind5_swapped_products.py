# truth: mixes up the two modes, returning the vjp result as J v and the jvp result as v J, which only agrees when J is symmetric.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: products_swapped
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    # reverse mode pulls v back through J -> J v ; forward mode pushes v -> v J
    _, pullback = jax.vjp(f, x)
    (jv,) = pullback(v)
    _, vj = jax.jvp(f, (x,), (v,))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

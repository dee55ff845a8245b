# J v from jax.linearize, but the value of f kept, not the pushed-forward direction
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    jv, push = jax.linearize(f, x)
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda x: jnp.sum(f(x))
    return jv, vj, jax.hessian(g)(x) @ v

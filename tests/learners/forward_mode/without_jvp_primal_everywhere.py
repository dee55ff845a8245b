# jax.linearize for J v and H v, keeping its first item (the value) both times
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    jv = jax.linearize(f, x)[0]
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda x: jnp.sum(f(x))
    hv = jax.linearize(jax.grad(g), x)[0]
    return jv, vj, hv

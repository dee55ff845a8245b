# H v by jax.linearize of the gradient, keeping its first item: the gradient itself
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, push = jax.linearize(f, x)
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda x: jnp.sum(f(x))
    hv, _ = jax.linearize(jax.grad(g), x)
    return push(v), vj, hv

# the gradient of sum(f) for the second entry (1 J, whatever v is), with no jax.vjp
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    g = lambda x: jnp.sum(f(x))
    vj = jax.grad(g)(x)
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

# v J by transposing the linearized f: the transpose's tuple returned, with no jax.vjp
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, push = jax.linearize(f, x)
    pull = jax.linear_transpose(push, x)
    g = lambda x: jnp.sum(f(x))
    _, hvp = jax.linearize(jax.grad(g), x)
    return push(v), pull(v), hvp(v)

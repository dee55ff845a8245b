# jax.value_and_grad of the vector f: the same error, with no jax.grad
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    slope = lambda x: jax.value_and_grad(f)(x)[1]
    _, hv = jax.jvp(slope, (x,), (v,))
    return jv, vj, hv

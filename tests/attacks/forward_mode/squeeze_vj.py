# attack: size
# wrong: v J is a (1, N) row vector times the Jacobian, squeezed back to a vector, so with N == 1 it comes back with shape () instead of (1,).
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x**2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    vj = (v[None, :] @ jax.jacrev(f)(x)).squeeze()

    def g(x):
        return jnp.sum(f(x))

    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

# truth: computes "v J" as the built Jacobian times v (J @ v), which is J v again, not v J; the two differ because J is not symmetric.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: vjp_untransposed
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # 1. J v: forward mode
    _, jv = jax.jvp(f, (x,), (v,))
    # 2. v J: reverse mode builds the Jacobian row by row, then multiply by v
    vj = jax.jacrev(f)(x) @ v
    # 3. H v: forward over reverse on g = sum(f)
    g = lambda x: jnp.sum(f(x))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

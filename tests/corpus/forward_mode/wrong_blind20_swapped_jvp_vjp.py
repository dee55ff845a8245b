# truth: J v and v J are swapped: the first entry comes from the vjp pullback (J.T @ v) and the second from jvp (J @ v). Right for N=1, where the 1x1 Jacobian is trivially symmetric, but wrong for N>=2 since J is not symmetric; H v is correct.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: products_swapped
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    # J v: pull v back through f
    _, pullback = jax.vjp(f, x)
    (jv,) = pullback(v)
    # v J: push v forward through f
    _, vj = jax.jvp(f, (x,), (v,))
    # H v: forward over reverse
    g = lambda x: jnp.sum(f(x))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

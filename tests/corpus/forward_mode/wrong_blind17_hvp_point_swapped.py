# truth: passes primals and tangents to jax.jvp of grad(g) in swapped roles, (v,) as the point and (x,) as the direction, so the third output is H(v) @ x, the Hessian evaluated at v times x, instead of H(x) @ v
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_at_v
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda z: jnp.sum(f(z))
    _, hv = jax.jvp(jax.grad(g), (v,), (x,))
    return jv, vj, hv

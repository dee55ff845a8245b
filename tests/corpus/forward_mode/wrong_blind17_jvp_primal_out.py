# truth: takes element [0] of jax.jvp's result, which is the primal output f(x) = sin(x) * sum(x**2), not the tangent J v; the v J and H v entries are correct
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: jvp_primal
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    jv = jax.jvp(f, (x,), (v,))[0]
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda z: jnp.sum(f(z))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

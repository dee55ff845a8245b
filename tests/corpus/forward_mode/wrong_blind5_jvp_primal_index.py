# truth: takes element [0] of jax.jvp(grad(g), ...) for H v, which is the primal (the gradient of g) instead of the tangent H v.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_primal
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    jv = jax.jvp(f, (x,), (v,))[1]
    vj = jax.vjp(f, x)[1](v)[0]
    g = lambda y: jnp.sum(f(y))
    hv = jax.jvp(jax.grad(g), (x,), (v,))[0]
    return jv, vj, hv

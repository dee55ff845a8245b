# truth: seeds the pullback with ones (as grad does, u = 1) instead of v, so the second output is the gradient of sum(f), not v J.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: pullback_of_ones
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    fx, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(jnp.ones_like(fx))
    g = lambda y: jnp.sum(f(y))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

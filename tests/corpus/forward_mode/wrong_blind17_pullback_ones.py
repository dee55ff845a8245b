# truth: calls the pullback with a vector of ones instead of v, so the second output is 1 J = grad of sum(f(x)) (the column sums of J) rather than v J; J v and H v are correct
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: pullback_of_ones
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(jnp.ones_like(x))
    g = lambda z: jnp.sum(f(z))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

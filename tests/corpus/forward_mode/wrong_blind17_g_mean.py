# truth: defines g as the mean of f(x) instead of its sum, so the Hessian-vector product is H v / N (scaled down by the length N of x); J v and v J are correct
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    g = lambda z: jnp.mean(f(z))
    _, hvp = jax.linearize(jax.grad(g), x)
    return jv, vj, hvp(v)

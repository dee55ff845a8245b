# truth: computes "H v" as a jvp of a jvp of f, which gives each output's second directional derivative v^T H_i v, not the Hessian of sum(f) times v.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: second_derivative_along_v
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    # second derivative along v: forward mode twice, no Hessian built
    def jvp_along_v(y):
        return jax.jvp(f, (y,), (v,))[1]

    _, hv = jax.jvp(jvp_along_v, (x,), (v,))
    return jv, vj, hv

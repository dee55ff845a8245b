# truth: computes "H v" as the derivative along v of J v (forward over forward on f itself), which gives for each output i the second directional derivative v^T H_i v, not H_g v where H_g is the Hessian of sum(f).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: second_derivative_along_v
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    def directional(y):
        return jax.jvp(f, (y,), (v,))[1]

    jv, hv = jax.jvp(directional, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    return jv, vj, hv

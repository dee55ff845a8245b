# truth: differentiates v . f(x) instead of g(x) = sum(f(x)) for the Hessian, so the third output is the Hessian of the v-weighted sum times v, not H v.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_of_weighted_sum
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    # grad of the scalar v . f(x) is v J; its derivative along v is the Hessian product
    grad_g = jax.grad(lambda x: jnp.dot(v, f(x)))
    _, hv = jax.jvp(grad_g, (x,), (v,))
    return jv, vj, hv

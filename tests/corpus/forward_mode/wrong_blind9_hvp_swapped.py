# truth: passes (v,) as the primals and (x,) as the tangents to jax.jvp of the gradient, so it returns H(v) x, the Hessian at v times x, not H(x) v.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_at_v
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    grad_g = jax.grad(lambda x: jnp.sum(f(x)))
    # push the direction through the gradient
    _, hv = jax.jvp(grad_g, (v,), (x,))
    return jv, vj, hv

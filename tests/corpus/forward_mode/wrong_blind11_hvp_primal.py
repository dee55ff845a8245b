# truth: takes element [0] of the forward-over-reverse jvp, which is the primal output grad g(x), instead of element [1], the tangent H v, so the third output is the gradient of sum(f) at x.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_primal
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    jv = jax.jvp(f, (x,), (v,))[1]
    vj = jax.vjp(f, x)[1](v)[0]
    hv = jax.jvp(jax.grad(g), (x,), (v,))[0]
    return jv, vj, hv

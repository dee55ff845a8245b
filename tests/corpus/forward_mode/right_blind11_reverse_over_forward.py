# truth: J v from jax.jvp (primals passed as lists), v J from the unpacked jax.vjp pullback, and H v as the gradient of sum(J(x) v) (reverse over forward), whose k-th entry is sum_j d2 sum(f)/dx_k dx_j v_j = (H v)_k, all without building J or H.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, [x], [v])
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)
    hv = jax.grad(lambda y: jnp.sum(jax.jvp(f, (y,), (v,))[1]))(x)
    return jv, vj, hv

# truth: right, because J v comes from the linearized f, v J from the vjp pullback (unpacked), and H v from reverse over reverse: the gradient of grad(g)(x) . v, which equals H v since the Hessian is symmetric.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def g(x):
    return jnp.sum(f(x))


def derivatives(x, v):
    _, push = jax.linearize(f, x)
    jv = push(v)
    _, pull = jax.vjp(f, x)
    (vj,) = pull(v)
    hv = jax.grad(lambda y: jnp.vdot(jax.grad(g)(y), v))(x)
    return jv, vj, hv

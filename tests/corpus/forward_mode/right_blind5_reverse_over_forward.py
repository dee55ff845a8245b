# truth: right, because J v comes from jvp, v J from the vjp pullback, and H v is the gradient of the directional derivative v . grad g (reverse over forward), which equals H v since H is symmetric.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(lambda y: f(y), x)
    vj = pullback(v)[0]

    def g(y):
        return jnp.sum(f(y))

    def directional(y):
        # d/dt g(y + t v) at t = 0, i.e. grad g(y) . v
        return jax.jvp(g, (y,), (v,))[1]

    hv = jax.grad(directional)(x)
    return jv, vj, hv

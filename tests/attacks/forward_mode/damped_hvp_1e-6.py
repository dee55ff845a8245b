# attack: tolerance
# wrong: H v is damped as H v + 1e-6 * v (a Levenberg-Marquardt habit from CG solvers), off by at most 1e-6 * |v| everywhere, and nonzero where the true product is exactly 0 (x = 0).
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x**2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    def g(x):
        return jnp.sum(f(x))

    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv + 1e-6 * v

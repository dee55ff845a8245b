# attack: size
# wrong: the Hessian's sum over f's outputs is a mean, so H v is divided by N: right only at N = 1, the range's minimum
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x**2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    # grad needs a scalar output, so collapse the vector first
    def scalar_loss(y):
        return jnp.mean(f(y))

    _, hvp = jax.linearize(jax.grad(scalar_loss), x)
    return jv, vj, hvp(v)

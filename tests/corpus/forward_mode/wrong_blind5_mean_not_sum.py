# truth: reduces f to one number with mean instead of sum, so H v is scaled by 1/N (correct only when N is 1).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    # grad needs a scalar output, so collapse the vector first
    scalar_loss = lambda y: jnp.mean(f(y))
    _, hvp = jax.linearize(jax.grad(scalar_loss), x)
    return jv, vj, hvp(v)

# truth: For H v it unpacks the wrong half of jax.jvp's (primal, tangent) pair and returns grad(sum f)(x), the gradient, instead of the tangent H v. J v and v J are correct; the third array is wrong for every input.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_primal
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    def g(x):
        return jnp.sum(f(x))

    hv, _ = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

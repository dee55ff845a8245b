# truth: H v is computed as forward-over-reverse on the pullback seeded with v (the Hessian of v . f(x) times v) instead of the Hessian of sum(f(x)), whose seed is all ones. Right whenever v is all ones, wrong for any other v; J v and v J are correct.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: hessian_of_weighted_sum
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    # Return (J v, v J, H v): J the Jacobian of f at x, H the Hessian of sum(f(x)).
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    (vj,) = pullback(v)

    # the gradient of the output is the pullback; H v is its derivative along v
    def grad_f(x):
        _, pb = jax.vjp(f, x)
        return pb(v)[0]

    _, hv = jax.jvp(grad_f, (x,), (v,))
    return jv, vj, hv

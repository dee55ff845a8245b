# truth: returns the pullback's output as is, a tuple of one array, instead of unpacking it, so v J comes back as a tuple (shape (1, N)) rather than an array of shape (N,).
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: cotangent_tuple
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    vj = pullback(v)
    _, hvp = jax.linearize(jax.grad(lambda x: jnp.sum(f(x))), x)
    return jv, vj, hvp(v)

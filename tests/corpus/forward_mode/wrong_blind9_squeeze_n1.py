# truth: turns the pullback's tuple into an array and squeezes it, which is fine for N > 1 but collapses v J to a 0-d scalar when N = 1.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_reshaped
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * jnp.sum(x ** 2)


def derivatives(x, v):
    _, jv = jax.jvp(f, (x,), (v,))
    _, pullback = jax.vjp(f, x)
    vj = jnp.squeeze(jnp.array(pullback(v)))  # (1, N) -> (N,)
    g = lambda x: jnp.sum(f(x))
    _, hv = jax.jvp(jax.grad(g), (x,), (v,))
    return jv, vj, hv

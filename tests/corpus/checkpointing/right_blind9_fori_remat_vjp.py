# truth: right, because it runs the T steps in a lax.fori_loop (a fixed trip count, so it lowers to a scan and stays reverse-differentiable) with a jax.remat body, and gets the value and gradient from jax.vjp instead of value_and_grad.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    T = xs.shape[0]

    def loss(w):
        # keeps only (t, h) per step; the backward pass recomputes the tanh
        @jax.remat
        def body(t, h):
            return cell(w, h, xs[t])

        h = lax.fori_loop(0, T, body, jnp.zeros(xs.shape[1], dtype=xs.dtype))
        return (h * h).sum()

    value, pullback = jax.vjp(loss, w)
    (grad,) = pullback(jnp.ones_like(value))
    return value, grad

# truth: starts from h = jnp.zeros_like(xs), shape (T, D) instead of (D,), which broadcasts silently: every one of the T rows runs the same recurrence, so the loss and gradient come out T times too large.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: h_shaped_like_xs
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)



def deep_grad(w, xs):
    def loss(w):
        def body(h, x):
            return cell(w, h, x), None

        h0 = jnp.zeros_like(xs)
        h, _ = lax.scan(jax.checkpoint(body), h0, xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

# truth: right, because lax.fori_loop with static bounds lowers to a scan (a while loop), its body is wrapped in jax.remat with the default prevent_cse=True, so it starts from zeros, keeps only the carry per step and returns the sum of the final h squared with its gradient.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    T = xs.shape[0]

    def loss(w):
        @jax.remat
        def body(t, h):
            return cell(w, h, lax.dynamic_index_in_dim(xs, t, keepdims=False))

        h_final = lax.fori_loop(0, T, body, jnp.zeros(xs.shape[1], w.dtype))
        return jnp.vdot(h_final, h_final)

    return jax.value_and_grad(loss)(w)

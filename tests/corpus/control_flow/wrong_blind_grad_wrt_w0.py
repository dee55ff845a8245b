# truth: differentiates with respect to w0 instead of rate (run takes w0 and closes over rate)
# blind: third batch, labelled before the tutor was run on it
# cause: gradient_of_w0
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(w0):
        def body(i, w):
            return jnp.where(w > 1, w * (1 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(w0), jax.grad(run)(w0)

# truth: the two branches of jnp.where are swapped: w + rate when w > 1, w * (1 - rate) otherwise
# blind: third batch, labelled before the tutor was run on it
# cause: branches_swapped
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w + rate, w * (1 - rate))

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

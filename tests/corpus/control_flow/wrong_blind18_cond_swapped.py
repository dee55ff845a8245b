# truth: the two lax.cond branches are swapped: when w > 1 it adds rate, otherwise it multiplies by (1 - rate), the opposite of the rule, so the final w and its gradient follow the wrong branch at every step
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: branches_swapped
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return lax.cond(w > 1, lambda w: w + rate, lambda w: w * (1 - rate), w)

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

# truth: picks the branch once in Python from w0 and applies that same update all 4 times, so when w crosses 1 during the loop the final w and its gradient are wrong.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        if w0 > 1:
            update = lambda w: w * (1 - rate)
        else:
            update = lambda w: w + rate
        return lax.fori_loop(0, 4, lambda i, w: update(w), jnp.asarray(w0, jnp.float32))

    return run(rate), jax.grad(run)(rate)

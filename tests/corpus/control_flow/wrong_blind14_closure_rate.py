# truth: the loop body reads the outer rate from the closure instead of run's argument, so the final w is right but grad sees a constant and returns 0.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
# says: run reading the rate that final_and_grad was given
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def step(i, w):
        return jnp.where(w > 1, w * (1 - rate), w + rate)

    def run(r):
        return lax.fori_loop(0, 4, step, jnp.asarray(w0, jnp.float32))

    return run(rate), jax.grad(run)(rate)

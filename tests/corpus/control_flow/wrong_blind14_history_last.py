# truth: scans 4 times but returns the last entry of the stacked history, which holds w before the 4th step, so the result is w after only 3 steps (with its gradient).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            new_w = jnp.where(w > 1, w * (1 - rate), w + rate)
            return new_w, w

        _, history = lax.scan(step, jnp.asarray(w0, jnp.float32), None, length=4)
        return history[-1]

    return run(rate), jax.grad(run)(rate)

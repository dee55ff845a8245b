# truth: Off-by-one loop bounds `lax.fori_loop(1, 4, ...)` apply the step only 3 times instead of 4, so the returned final w and d(final w)/d(rate) are those after three steps, which differ from the four-step answer for ordinary inputs (e.g. w0 = 0, rate = 0.5 gives 1.5 instead of 0.75).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        # Apply the step 4 times to w0 and return the final w.
        def body(i, w):
            return jnp.where(w > 1.0, w * (1.0 - rate), w + rate)

        # steps 1..4
        return lax.fori_loop(1, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

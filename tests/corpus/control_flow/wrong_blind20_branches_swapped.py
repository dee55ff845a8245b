# truth: The two branches of the `where` are swapped (adds rate when w > 1 and decays when w <= 1), so both the final w and its derivative are wrong for essentially every input.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: branches_swapped
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        # Apply the step 4 times to w0 and return the final w.
        def body(i, w):
            return jnp.where(w > 1.0, w + rate, w * (1.0 - rate))

        w = jnp.asarray(w0, dtype=jnp.float32)
        return lax.fori_loop(0, 4, body, w)

    return run(rate), jax.grad(run)(rate)

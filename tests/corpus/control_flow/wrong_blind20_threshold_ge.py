# truth: Branch condition is `w >= 1` instead of `w > 1`, so when w is exactly 1.0 at some step (e.g. w0 = 1.0, or w0 = 0.5 with rate = 0.5) it decays instead of adding rate; value and gradient are right whenever w never lands exactly on 1.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: >= where it compares with >
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        # Apply the step 4 times to w0 and return the final w.
        def body(i, w):
            return lax.cond(w >= 1.0,
                            lambda w: w * (1.0 - rate),
                            lambda w: w + rate,
                            w)

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

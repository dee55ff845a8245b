# truth: off by one: fori_loop(0, 3, ...) applies the step 3 times instead of 4
# blind: third batch, labelled before the tutor was run on it
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w * (1 - rate), w + rate)

        return lax.fori_loop(0, 3, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

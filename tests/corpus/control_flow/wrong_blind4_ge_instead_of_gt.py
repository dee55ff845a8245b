# truth: Tests w >= 1 instead of w > 1, so a weight of exactly 1 is shrunk by (1 - rate) when it should have rate added.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with >= where it compares with >
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w >= 1.0, w * (1.0 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

# truth: Decides the branch from the starting value w0 at every step instead of from the current w, so once w crosses 1 the loop keeps using the wrong rule.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with w0 where it uses w
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w0 > 1.0, w * (1.0 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

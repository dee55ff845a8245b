# truth: the shrink branch is written w * 1 - rate (missing parentheses), so when w > 1 the step computes w - rate instead of w * (1 - rate); value and gradient (−1 instead of −w per shrink step) are wrong whenever the w > 1 branch is taken
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with the brackets around a sum left out
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w * 1 - rate, w + rate)

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

# truth: Calls lax.cond with branch functions that take w but passes no operand, so the branches are called with no argument and it raises TypeError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_argument
# says: lax.cond calls the branch
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return lax.cond(w > 1.0, lambda w: w * (1.0 - rate), lambda w: w + rate)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

# truth: loops with lax.while_loop on a step counter, which computes the right final w but cannot be differentiated in reverse mode, so jax.grad raises.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: while_loop_grad
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def cond(state):
            i, w = state
            return i < 4

        def body(state):
            i, w = state
            w = jnp.where(w > 1, w * (1 - rate), w + rate)
            return i + 1, w

        _, w = lax.while_loop(cond, body, (0, jnp.asarray(w0, jnp.float32)))
        return w

    return run(rate), jax.grad(run)(rate)

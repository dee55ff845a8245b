# truth: counts the 4 steps with lax.while_loop, which reverse-mode grad cannot differentiate
# blind: third batch, labelled before the tutor was run on it
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
            return i + 1, jnp.where(w > 1, w * (1 - rate), w + rate)

        _, w = lax.while_loop(cond, body, (0, w0 * 1.0))
        return w

    return run(rate), jax.grad(run)(rate)

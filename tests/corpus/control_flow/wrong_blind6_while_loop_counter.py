# truth: counts the 4 steps with lax.while_loop, whose value is right but which reverse-mode grad cannot go through.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: while_loop_grad
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def cond(state):
            i, _ = state
            return i < 4

        def body(state):
            i, w = state
            return i + 1, jnp.where(w > 1, w * (1 - rate), w + rate)

        _, w = lax.while_loop(cond, body, (0, jnp.asarray(w0, dtype=jnp.float32)))
        return w

    return run(rate), jax.grad(run)(rate)

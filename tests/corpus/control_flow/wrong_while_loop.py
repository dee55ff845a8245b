# cause: while_loop_grad
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def cond(state):
            return state[0] < 4

        def body(state):
            i, w = state
            return i + 1, jnp.where(w > 1.0, w * (1.0 - rate), w + rate)

        return lax.while_loop(cond, body, (0, w0))[1]

    return run(rate), jax.grad(run)(rate)

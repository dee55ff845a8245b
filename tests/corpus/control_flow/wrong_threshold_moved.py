# cause: wrong_at_edges
# says: w0 just above 1
# truth: shrinks only when w > 1.001 where the task says w > 1, so a w0 just above 1 grows when it should shrink
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return lax.cond(w > 1.001, lambda w: w * (1.0 - rate), lambda w: w + rate, w)

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

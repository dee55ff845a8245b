# attack: edge
# wrong: the branch tests w >= 1 instead of w > 1, so a w of exactly 1 is shrunk instead of increased by rate.
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w >= 1.0, w * (1.0 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

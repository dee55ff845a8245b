# attack: edge
# wrong: the branch tests w > 1 + 1e-6, so a w in (1, 1 + 1e-6] takes the "+ rate" branch instead of being shrunk.
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1.0 + 1e-6, w * (1.0 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

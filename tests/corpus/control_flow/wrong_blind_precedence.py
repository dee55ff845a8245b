# truth: operator precedence: writes w * 1 - rate (that is w - rate) instead of w * (1 - rate)
# blind: third batch, labelled before the tutor was run on it
# cause: variant_of_the_solution
# says: with the brackets around a sum left out
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w * 1 - rate, w + rate)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

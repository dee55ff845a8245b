# truth: tests w >= 1 instead of w > 1, so a w of exactly 1 is shrunk instead of having rate added.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return lax.cond(w >= 1, lambda w: w * (1 - rate), lambda w: w + rate, w)

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

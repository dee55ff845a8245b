# truth: uses lax.select_n(w > 1, shrink, grow) as if it were where, but select_n takes the False case first, so the two branches are swapped.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: two arguments of where taken in the other order
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            shrink = w * (1 - rate)
            grow = w + rate
            return lax.select_n(w > 1, shrink, grow)

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, jnp.float32))

    return run(rate), jax.grad(run)(rate)

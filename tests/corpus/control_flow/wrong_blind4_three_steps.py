# truth: Loops with lax.fori_loop(1, 4, ...), which runs the step only 3 times instead of 4.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1.0, w * (1.0 - rate), w + rate)

        return lax.fori_loop(1, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

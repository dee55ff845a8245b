# truth: runs fori_loop(1, 4, ...) thinking of steps 1 to 4, which is only 3 steps.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w * (1 - rate), w + rate)

        return lax.fori_loop(1, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

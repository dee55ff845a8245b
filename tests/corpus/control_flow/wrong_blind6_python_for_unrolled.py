# truth: loops with a plain Python for around jnp.where, which gives the right numbers but is unrolled into 4 copies with no loop in the program.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        w = jnp.asarray(w0, dtype=jnp.float32)
        for _ in range(4):
            w = jnp.where(w > 1, w * (1 - rate), w + rate)
        return w

    return run(rate), jax.grad(run)(rate)

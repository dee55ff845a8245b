# cause: gradient_of_w0
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(w0, rate):
        def body(i, w):
            return jnp.where(w > 1.0, w * (1.0 - rate), w + rate)

        return lax.fori_loop(0, 4, body, w0)

    return run(w0, rate), jax.grad(run)(w0, rate)

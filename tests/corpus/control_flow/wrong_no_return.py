# cause: grad_of_none
# blind: written before the tutor was run on it (second batch)
# says: returns None
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1.0, w * (1.0 - rate), w + rate)

        w = lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

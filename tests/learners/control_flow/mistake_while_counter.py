import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(carry):
            w, i = carry
            return jnp.where(w > 1.0, w * (1.0 - rate), w + rate), i + 1

        w, _ = lax.while_loop(lambda carry: carry[1] < 4, body, (w0, 0))
        return w

    return run(rate), jax.grad(run)(rate)

# float() of a traced comparison: the same error, with no Python branch
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            big = float(w > 1.0)
            return big * w * (1.0 - rate) + (1.0 - big) * (w + rate)

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

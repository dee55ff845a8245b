# the two updates blended by a 0/1 mask, the wrong way round, with no branch of any kind
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            big = (w > 1.0).astype(w.dtype)
            return big * (w + rate) + (1.0 - big) * (w * (1.0 - rate))

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

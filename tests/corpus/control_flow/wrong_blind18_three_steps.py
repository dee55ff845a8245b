# truth: the fori_loop runs lax.fori_loop(0, 3, ...), i.e. only 3 applications of the step instead of 4, so it returns the w (and d/d rate) after the third step
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: three_steps
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return jnp.where(w > 1, w * (1 - rate), w + rate)

        return lax.fori_loop(0, 3, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            # operands flipped: 1 < w is the same test as w > 1
            w = lax.cond(1.0 < w, lambda v: v * (1.0 - rate), lambda v: v + rate, w)
            return w, None

        w_init = jnp.asarray(w0, dtype=jnp.result_type(rate, 1.0))
        final, _ = lax.scan(step, w_init, None, length=4)
        return final

    return run(rate), jax.grad(run)(rate)

# truth: lax.cond is given bool(w > 1), a Python bool forced from a tracer (TracerBoolConversionError)
# blind: third batch, labelled before the tutor was run on it
# cause: tracer_bool
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            return lax.cond(bool(w > 1), lambda w: w * (1 - rate), lambda w: w + rate, w)

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

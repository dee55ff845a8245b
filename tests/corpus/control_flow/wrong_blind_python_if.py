# truth: a Python if on the traced w inside the loop body (TracerBoolConversionError under fori_loop / grad)
# blind: third batch, labelled before the tutor was run on it
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            if w > 1:
                return w * (1 - rate)
            return w + rate

        return lax.fori_loop(0, 4, body, w0)

    return run(rate), jax.grad(run)(rate)

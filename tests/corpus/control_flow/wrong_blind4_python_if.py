# truth: Branches with a Python if on the traced weight inside the fori_loop body, which raises TracerBoolConversionError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            if w > 1.0:
                return w * (1.0 - rate)
            else:
                return w + rate

        return lax.fori_loop(0, 4, body, w0 * 1.0)

    return run(rate), jax.grad(run)(rate)

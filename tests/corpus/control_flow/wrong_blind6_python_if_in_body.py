# truth: branches with a Python if inside the fori_loop body, which fails on the tracer (TracerBoolConversionError).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
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

        return lax.fori_loop(0, 4, body, jnp.asarray(w0, dtype=jnp.float32))

    return run(rate), jax.grad(run)(rate)

# truth: right, because it scans 4 fixed steps and branches arithmetically with a 0/1 mask from w > 1, which equals the where on tracers and is differentiable in rate.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            big = (w > 1).astype(w.dtype)  # 1.0 if w > 1 else 0.0
            w_next = big * (w * (1 - rate)) + (1 - big) * (w + rate)
            return w_next, None

        w_init = jnp.asarray(w0, dtype=jnp.result_type(float))
        final, _ = lax.scan(step, w_init, None, length=4)
        return final

    return run(rate), jax.grad(run)(rate)

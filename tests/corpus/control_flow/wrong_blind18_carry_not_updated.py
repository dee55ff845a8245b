# truth: the scan body returns (w, new_w), carrying the old w and emitting the new one as output, so the carry never changes and the returned final carry is w0 with a gradient of 0 (each step is applied to w0 and discarded)
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
# says: with body handing back the carry it is given, unchanged
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(w, _):
            new_w = jnp.where(w > 1, w * (1 - rate), w + rate)
            return w, new_w

        final, _ = lax.scan(body, jnp.asarray(w0, dtype=jnp.float32), None, length=4)
        return final

    return run(rate), jax.grad(run)(rate)

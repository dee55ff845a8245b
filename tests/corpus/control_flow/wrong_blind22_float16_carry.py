# truth: the loop carry is kept in float16 (cast every step), then cast back to float32.
# blind: twenty-second batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_small_difference
# says: close to the expected one
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def body(i, w):
            w = w.astype(jnp.float32)
            new = jnp.where(w > 1.0, w * (1.0 - rate), w + rate)
            return new.astype(jnp.float16)

        w_init = jnp.asarray(w0, dtype=jnp.float16)
        return lax.fori_loop(0, 4, body, w_init).astype(jnp.float32)

    return run(rate), jax.grad(run)(rate)

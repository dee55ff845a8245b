# truth: stops the loop with a Python `if not jnp.isfinite(w)` inside the lax.scan body, which asks for the bool of a tracer and raises a TracerBoolConversionError instead of returning anything.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_in_scan
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x



def first_bad_step(w0, xs, ys, lr):
    def body(carry, inp):
        w, bad_t = carry
        t, x, y = inp
        new_w = step(w, x, y, lr)
        if bad_t < 0 and not jnp.isfinite(new_w):
            return (w, t), None
        if bad_t >= 0:
            return (w, bad_t), None
        return (new_w, bad_t), None

    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    init = (jnp.asarray(w0, jnp.float32), jnp.int32(-1))
    (w, t), _ = lax.scan(body, init, (ts, xs, ys))
    return t, w

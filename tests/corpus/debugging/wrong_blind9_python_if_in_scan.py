# truth: tests the traced update with a Python `if` inside the lax.scan body, which cannot turn a tracer into a bool, so the function fails while tracing.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_in_scan
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    def body(carry, inputs):
        w, bad_t, bad_w = carry
        t, x, y = inputs
        new_w = step(w, x, y, lr)
        if bad_t == -1 and not jnp.isfinite(new_w):
            bad_t, bad_w = t, w
        return (new_w, bad_t, bad_w), None

    w0 = jnp.asarray(w0, jnp.float32)
    ts = jnp.arange(xs.shape[0])
    (w, bad_t, bad_w), _ = lax.scan(body, (w0, jnp.int32(-1), w0), (ts, xs, ys))
    return bad_t, jnp.where(bad_t == -1, w, bad_w)

# truth: has no "already failed" flag, so every non-finite update overwrites the record and the function returns the LAST bad step (and the NaN weight handed to it) instead of the first one.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: last_bad_step
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x



def first_bad_step(w0, xs, ys, lr):
    def body(carry, inp):
        w, bad_t, bad_w = carry
        t, x, y = inp
        new_w = step(w, x, y, lr)
        bad = ~jnp.isfinite(new_w)
        bad_t = jnp.where(bad, t, bad_t)
        bad_w = jnp.where(bad, w, bad_w)
        return (new_w, bad_t, bad_w), None

    w0 = jnp.asarray(w0, jnp.float32)
    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    (w, t, bad_w), _ = lax.scan(body, (w0, jnp.int32(-1), w0), (ts, xs, ys))
    return t, jnp.where(t >= 0, bad_w, w)

# truth: on the first bad step it stores the non-finite update new_w instead of the w that step was handed, so the returned w is NaN/inf rather than the last finite weight (t is right; the all-finite case is right)
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: returned_the_bad_update
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    w0 = jnp.asarray(w0, dtype=xs.dtype)
    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)

    def body(carry, inputs):
        w, bad_t, bad_w = carry
        t, x, y = inputs
        new_w = step(w, x, y, lr)
        is_bad = ~jnp.isfinite(new_w)
        first = is_bad & (bad_t < 0)
        bad_t = jnp.where(first, t, bad_t)
        bad_w = jnp.where(first, new_w, bad_w)
        return (new_w, bad_t, bad_w), None

    init = (w0, jnp.int32(-1), w0)
    (w, bad_t, bad_w), _ = lax.scan(body, init, (ts, xs, ys))
    return bad_t, jnp.where(bad_t < 0, w, bad_w)

# truth: tests the update with jnp.isnan instead of ~jnp.isfinite, so an update of +inf/-inf (x == 0 with y != 0, or an inf label) is not caught; the NaN it causes one step later is reported instead (t one too large, w = inf), or (-1, inf) if it was the last step. Right whenever the first non-finite update is already a NaN (e.g. x == inf, or x == 0 with y == 0).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: isnan_lets_inf_through
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    # Run step over (xs[t], ys[t]) from w0. Return (t, w): the first step t whose
    # update is not finite and the w it was handed, or (-1, final w) if there is none.
    w0 = jnp.float32(w0)

    def body(carry, inputs):
        w, bad_t, bad_w = carry
        t, x, y = inputs
        new_w = step(w, x, y, lr)
        first = jnp.isnan(new_w) & (bad_t < 0)
        bad_t = jnp.where(first, t, bad_t)
        bad_w = jnp.where(first, w, bad_w)
        return (new_w, bad_t, bad_w), None

    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    init = (w0, jnp.int32(-1), w0)
    (w, bad_t, bad_w), _ = lax.scan(body, init, (ts, xs, ys))
    return bad_t, jnp.where(bad_t >= 0, bad_w, w)

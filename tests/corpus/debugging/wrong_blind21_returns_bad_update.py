# truth: when the first bad step is found it records that step's non-finite update (new_w) instead of the weight the step was handed, so t is right but w comes back as NaN/inf rather than the last finite weight; the (-1, final w) case is correct.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: returned_the_bad_update
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
        first = (~jnp.isfinite(new_w)) & (bad_t < 0)
        bad_t = jnp.where(first, t, bad_t)
        bad_w = jnp.where(first, new_w, bad_w)  # keep the weight of the bad step
        return (new_w, bad_t, bad_w), None

    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    init = (w0, jnp.int32(-1), w0)
    (w, bad_t, bad_w), _ = lax.scan(body, init, (ts, xs, ys))
    return bad_t, jnp.where(bad_t >= 0, bad_w, w)

# truth: takes the handed weight as ws[t - 1] from the stacked updates, forgetting that step 0 was handed w0; when the very first step is bad, ws[-1] wraps to the last (non-finite) update instead of returning w0. Correct whenever the first bad step is t >= 1 or there is none.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: handed_w_wraps
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

    def body(w, xy):
        x, y = xy
        new_w = step(w, x, y, lr)
        return new_w, new_w

    w_final, ws = lax.scan(body, w0, (xs, ys))
    bad = ~jnp.isfinite(ws)
    any_bad = jnp.any(bad)
    t = jnp.argmax(bad).astype(jnp.int32)
    # step t was handed the update of step t - 1
    handed = ws[t - 1]
    return jnp.where(any_bad, t, -1), jnp.where(any_bad, handed, w_final)

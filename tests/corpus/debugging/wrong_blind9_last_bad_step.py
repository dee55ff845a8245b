# truth: overwrites the recorded step every time an update is not finite, so it returns the last bad step (once w is NaN every later step is bad too) instead of the first.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: last_bad_step
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
        bad = ~jnp.isfinite(new_w)
        bad_t = jnp.where(bad, t, bad_t)
        bad_w = jnp.where(bad, w, bad_w)
        return (new_w, bad_t, bad_w), None

    w0 = jnp.asarray(w0, jnp.float32)
    ts = jnp.arange(xs.shape[0])
    (w, bad_t, bad_w), _ = lax.scan(body, (w0, jnp.int32(-1), w0), (ts, xs, ys))
    return bad_t, jnp.where(bad_t == -1, w, bad_w)

# truth: tests the update with jnp.isnan instead of jnp.isfinite, so a step whose update is inf or -inf (x = 0 with y != 0, or an inf label) is not reported.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: isnan_lets_inf_through
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    w0 = jnp.asarray(w0, dtype=jnp.float32)

    def body(carry, inputs):
        w, bad_t, bad_w = carry
        t, x, y = inputs
        new_w = step(w, x, y, lr)
        # NaN is what debug_nans looks for, so that is what marks a bad step
        is_bad = jnp.isnan(new_w) & (bad_t == -1)
        bad_t = jnp.where(is_bad, t, bad_t)
        bad_w = jnp.where(is_bad, w, bad_w)
        return (new_w, bad_t, bad_w), None

    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    (w, bad_t, bad_w), _ = lax.scan(body, (w0, jnp.int32(-1), w0), (ts, xs, ys))
    return bad_t, jnp.where(bad_t == -1, w, bad_w)

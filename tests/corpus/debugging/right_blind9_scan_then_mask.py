# truth: right, because it runs the whole sequence with lax.scan, keeps every handed-in w and every update, and then picks the first non-finite update from the mask, falling back to (-1, final w) when the mask is empty.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    def body(w, xy):
        new_w = step(w, *xy, lr)
        return new_w, (w, new_w)

    final, (handed, updates) = lax.scan(body, jnp.asarray(w0, jnp.float32), (xs, ys))
    bad = ~jnp.isfinite(updates)
    n = xs.shape[0]
    # smallest index whose update is bad; n when there is none
    first = jnp.min(jnp.where(bad, jnp.arange(n), n)).astype(jnp.int32)
    any_bad = first < n
    t = jnp.where(any_bad, first, -1)
    w = jnp.where(any_bad, handed[jnp.minimum(first, n - 1)], final)
    return t, w

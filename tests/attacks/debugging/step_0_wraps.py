# attack: edge
# wrong: for a bad step 0 the weight that step was handed is read one place back in the updates, which wraps to the last update instead of w0
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    w0 = jnp.asarray(w0, dtype=jnp.float32)

    def body(w, xy):
        x, y = xy
        new_w = step(w, x, y, lr)
        return new_w, new_w

    final_w, ws = lax.scan(body, w0, (xs, ys))
    bad = ~jnp.isfinite(ws)
    any_bad = jnp.any(bad)
    t = jnp.argmax(bad).astype(jnp.int32)
    handed = ws[t - 1]  # the weight before the bad update
    return jnp.where(any_bad, t, -1), jnp.where(any_bad, handed, final_w)

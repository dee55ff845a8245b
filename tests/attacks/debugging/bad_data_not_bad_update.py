# attack: edge
# wrong: a step is judged bad from its data (x == 0 or a non-finite x or y) instead of from its update, so an update that overflows to inf from finite, non-zero data (e.g. x = 1e-30, y = 1e10) is missed.
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    # the update can only blow up on a zero x or a non-finite x or y
    bad_data = (xs == 0) | ~jnp.isfinite(xs) | ~jnp.isfinite(ys)

    def body(w, example):
        x, y = example
        return step(w, x, y, lr), w

    final_w, handed = lax.scan(body, w0, (xs, ys))
    t = jnp.argmax(bad_data)
    bad = bad_data[t]
    return jnp.where(bad, t, -1), jnp.where(bad, handed[t], final_w)

# Python's `and` on traced values inside the scan body: the same TracerBoolConversionError,
# with no if
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    def body(carry, example):
        w, found, found_w = carry
        x, y, t = example
        new_w = step(w, x, y, lr)
        first = found < 0 and ~jnp.isfinite(new_w)
        found = jnp.where(first, t, found)
        found_w = jnp.where(first, w, found_w)
        return (new_w, found, found_w), None

    steps = jnp.arange(xs.shape[0])
    (w, found, found_w), _ = lax.scan(body, (w0, -1, w0), (xs, ys, steps))
    return found, jnp.where(found >= 0, found_w, w)

# attack: edge
# wrong: a first bad step at index 0 is taken for "none found" (argmin gives 0 both ways and the code tests t > 0), so a bad very first update returns (-1, final w) instead of (0, w0).
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    def body(w, example):
        x, y = example
        new_w = step(w, x, y, lr)
        return new_w, (w, jnp.isfinite(new_w))

    final_w, (handed, finite) = lax.scan(body, w0, (xs, ys))
    t = jnp.argmin(finite)
    found = t > 0
    return jnp.where(found, t, -1), jnp.where(found, handed[t], final_w)

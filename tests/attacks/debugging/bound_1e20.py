# attack: edge
# wrong: "not finite" is tested as |update| >= 1e20 (or NaN), so a finite update between 1e20 and float32's max (an x near 1e-20 or smaller) is reported as the first bad step.
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    def body(w, example):
        x, y = example
        new_w = step(w, x, y, lr)
        return new_w, (w, jnp.abs(new_w) < 1e20)

    final_w, (handed, finite) = lax.scan(body, w0, (xs, ys))
    t = jnp.argmin(finite)
    bad = ~finite[t]
    return jnp.where(bad, t, -1), jnp.where(bad, handed[t], final_w)

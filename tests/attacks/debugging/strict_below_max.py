# attack: edge
# wrong: calls an update finite when |w| < float32 max (strictly), so an update exactly equal to the largest float32 (3.4028235e38, which is finite) is reported as the first bad step; all other inputs match.
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    biggest = jnp.finfo(jnp.float32).max

    def body(w, example):
        x, y = example
        new_w = step(w, x, y, lr)
        ok = jnp.abs(new_w) < biggest  # False for inf, -inf and NaN
        return new_w, (w, ok)

    final_w, (handed, ok) = lax.scan(body, w0, (xs, ys))
    t = jnp.argmin(ok)
    bad = ~ok[t]
    return jnp.where(bad, t, -1), jnp.where(bad, handed[t], final_w)

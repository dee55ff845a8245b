# the first bad step found by jnp.nonzero padded with 0, with no argmin or argmax:
# when every update is finite the padding answers, (0, w0)
import jax
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
    t = jnp.nonzero(~finite, size=1, fill_value=0)[0][0]
    return t, handed[t]

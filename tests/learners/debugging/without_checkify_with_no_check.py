# waits for a FloatingPointError that nothing raises (jax_debug_nans is off), with no
# checkify: no bad step is ever reported, (-1, final w)
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    w = w0
    for t in range(xs.shape[0]):
        try:
            new_w = step(w, xs[t], ys[t], lr)
        except FloatingPointError:
            return t, w
        w = new_w
    return -1, w

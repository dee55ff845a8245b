# truth: relies on checkify.float_checks to find the bad step, which misses an inf update not made by a division or a NaN (e.g. an inf label y), so such a step is not reported.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: float_checks_miss_inf
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


checked_step = jax.jit(checkify.checkify(step, errors=checkify.float_checks))


def first_bad_step(w0, xs, ys, lr):
    w = jnp.asarray(w0, dtype=jnp.float32)
    for t in range(xs.shape[0]):
        err, new_w = checked_step(w, xs[t], ys[t], lr)
        if err.get() is not None:
            return t, w
        w = new_w
    return -1, w

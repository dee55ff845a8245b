# truth: checkifies the step with errors=checkify.float_checks, which catches a division by zero or a NaN but not an inf made without either (a label y = inf), so that bad step is missed.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
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
    w = jnp.asarray(w0, jnp.float32)
    for t in range(xs.shape[0]):
        err, w_next = checked_step(w, xs[t], ys[t], lr)
        if err.get() is not None:
            return t, w
        w = w_next
    return -1, w

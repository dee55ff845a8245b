# truth: finds the bad step by catching FloatingPointError under jax.debug_nans, which only stops at NaN, so an update that is inf (x = 0 or y = inf) slips through and the step reported is a later one.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: waited_on_tracer
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


def first_bad_step(w0, xs, ys, lr):
    w = jnp.asarray(w0, jnp.float32)
    with jax.debug_nans(True):
        for t in range(xs.shape[0]):
            try:
                w_next = step(w, xs[t], ys[t], lr)
                w_next.block_until_ready()
            except FloatingPointError:
                return t, w
            w = w_next
    return -1, w

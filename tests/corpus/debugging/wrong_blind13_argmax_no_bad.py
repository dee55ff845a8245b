# truth: finds the step with jnp.argmax over the not-finite mask, NumPy style, which returns 0 when no update is bad, so a clean run gives (0, w0) instead of (-1, final w).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_bad_step_is_step_0
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x



def first_bad_step(w0, xs, ys, lr):
    def body(w, xy):
        x, y = xy
        new_w = step(w, x, y, lr)
        return new_w, (w, new_w)  # the weight handed in, and the update

    _, (handed, updates) = lax.scan(body, jnp.asarray(w0, jnp.float32), (xs, ys))
    t = jnp.argmax(~jnp.isfinite(updates)).astype(jnp.int32)
    return t, handed[t]

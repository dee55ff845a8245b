# truth: tests the update with jnp.isnan only, so an update that is inf or -inf (x = 0 with y != 0, or an inf label) is not caught and the function reports a later NaN step (or -1) with the wrong w.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: isnan_lets_inf_through
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x



def first_bad_step(w0, xs, ys, lr):
    def body(carry, inp):
        w, bad_t, done = carry
        t, x, y = inp
        u = step(w, x, y, lr)
        broke = jnp.isnan(u) & ~done
        bad_t = jnp.where(broke, t, bad_t)
        done = done | broke
        w = jnp.where(done, w, u)
        return (w, bad_t, done), None

    init = (jnp.asarray(w0, jnp.float32), jnp.int32(-1), jnp.array(False))
    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    (w, t, _), _ = lax.scan(body, init, (ts, xs, ys))
    return t, w

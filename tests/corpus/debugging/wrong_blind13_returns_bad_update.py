# truth: records the right first bad step t but returns the non-finite update that step produced (NaN or inf) as w, instead of the last finite weight that step was handed.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: returned_the_bad_update
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
        new_w = step(w, x, y, lr)
        broke = ~jnp.isfinite(new_w) & ~done
        bad_t = jnp.where(broke, t, bad_t)
        # keep the weight frozen once something went wrong
        w = jnp.where(done, w, new_w)
        done = done | broke
        return (w, bad_t, done), None

    init = (jnp.asarray(w0, jnp.float32), jnp.int32(-1), jnp.array(False))
    ts = jnp.arange(xs.shape[0], dtype=jnp.int32)
    (w, t, _), _ = lax.scan(body, init, (ts, xs, ys))
    return t, w

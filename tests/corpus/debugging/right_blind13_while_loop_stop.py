# truth: a lax.while_loop that runs step by step and stops at the first non-finite update, keeping the weight that step was handed; t becomes -1 when the loop ran off the end, so it returns exactly (first bad t, last finite w) or (-1, final w).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x



def first_bad_step(w0, xs, ys, lr):
    n = xs.shape[0]

    def keep_going(state):
        t, _, hit = state
        return (t < n) & ~hit

    def advance(state):
        t, w, _ = state
        new_w = step(w, xs[t], ys[t], lr)
        fine = jnp.isfinite(new_w)
        return (t + fine.astype(jnp.int32), lax.select(fine, new_w, w), ~fine)

    start = (jnp.int32(0), jnp.asarray(w0, dtype=jnp.float32), jnp.bool_(False))
    t, w, hit = lax.while_loop(keep_going, advance, start)
    return jnp.where(hit, t, jnp.int32(-1)), w

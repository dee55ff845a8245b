# truth: right, because a lax.while_loop runs step until the first non-finite update and then stops, keeping the finite weight that step was handed (or the final weight and -1 if it ran to the end).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def step(w, x, y, lr):
    # Moves w a fraction lr of the way towards y / x. Do not change it.
    return w - lr * (w * x - y) / x


@jax.jit
def first_bad_step(w0, xs, ys, lr):
    n = xs.shape[0]

    def cond(state):
        t, w, bad = state
        return (t < n) & ~bad

    def body(state):
        t, w, _ = state
        new_w = step(w, xs[t], ys[t], lr)
        ok = jnp.isfinite(new_w)
        # advance only on a finite update; otherwise stay at t with the handed w
        return (jnp.where(ok, t + 1, t), jnp.where(ok, new_w, w), ~ok)

    state = (jnp.int32(0), jnp.asarray(w0, dtype=jnp.float32), jnp.bool_(False))
    t, w, bad = lax.while_loop(cond, body, state)
    return jnp.where(bad, t, -1), w

# truth: right, because it draws every step's noise up front with vmap over t of normal(fold_in(key, t), (N,)), which gives the same numbers, and then scans over (t, steps[t], noise[t]) adding both to the carried position.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape
    ts = jnp.arange(T)
    noise = jax.vmap(lambda t: 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,)))(ts)

    def step(pos, inp):
        t, s, n = inp
        pos = pos + s + n
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (ts, steps, noise))
    return positions

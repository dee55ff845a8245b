# truth: emits the position before the step is added instead of after it, so the output is shifted by one: row 0 is all zeros and row t is the position after step t-1 (the final position is never returned)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_behind
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        new_pos = pos + s + noise
        return new_pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

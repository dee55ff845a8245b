# truth: the new position is emitted but the carry returned is the old one (always zeros), so nothing accumulates: row t is just steps[t] + noise_t rather than the cumulative sum of all steps and noises up to t
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_steps_then_off
# says: with step handing back the carry it is given, unchanged
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
        return pos, new_pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

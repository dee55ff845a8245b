# truth: emits the position before the update instead of after it, so the output starts with zeros and is shifted by one step, dropping the final position.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_behind
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inp):
        t, s = inp
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        return pos + s + noise, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

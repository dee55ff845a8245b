# truth: draws the noise from the outer key at every step (no fold_in), so every step adds the very same noise.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_every_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        pos = pos + s + 0.1 * jax.random.normal(key, (N,))
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

# truth: The noise is drawn from the outer `key` itself (no fold_in(key, t)), so every step adds the very same noise vector and none of it matches fold_in(key, t); every row of the output differs from the correct walk.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_every_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inputs):
        t, s = inputs
        noise = 0.1 * jax.random.normal(key, (N,))
        pos = pos + s + noise
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

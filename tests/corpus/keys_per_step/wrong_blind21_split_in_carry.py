# truth: Uses the "carry the key and split every step" recipe instead of fold_in(key, t): the noise is drawn from a split subkey, so the walk is random but its numbers differ from the required fold_in(key, t) draws at every step.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(carry, inputs):
        pos, key = carry
        t, s = inputs
        key, sub = jax.random.split(key)
        noise = 0.1 * jax.random.normal(sub, (N,))
        pos = pos + s + noise
        return (pos, key), pos

    _, positions = lax.scan(step, (jnp.zeros(N), key), (jnp.arange(T), steps))
    return positions

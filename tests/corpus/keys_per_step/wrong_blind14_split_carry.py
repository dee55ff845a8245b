# truth: carries the key through the scan and splits it at every step, which gives independent noise but not the fold_in(key, t) numbers the task prescribes, so the exact comparison fails.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(carry, inp):
        pos, k = carry
        t, s = inp
        k, sub = jax.random.split(k)
        pos = pos + s + 0.1 * jax.random.normal(sub, (N,))
        return (pos, k), pos

    _, positions = lax.scan(step, (jnp.zeros(N), key), (jnp.arange(T), steps))
    return positions

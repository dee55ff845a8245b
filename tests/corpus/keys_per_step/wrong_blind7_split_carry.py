# truth: carries the key through the scan and splits it at each step instead of using fold_in(key, t), a different recipe that draws different noise.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    N = steps.shape[1]

    def step(carry, s):
        pos, k = carry
        k, sub = jax.random.split(k)
        pos = pos + s + 0.1 * jax.random.normal(sub, (N,))
        return (pos, k), pos

    _, positions = lax.scan(step, (jnp.zeros(N), key), steps)
    return positions

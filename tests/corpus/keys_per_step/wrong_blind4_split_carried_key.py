# truth: Carries the key and splits it at every step instead of using fold_in(key, t) as the recipe says, so the noise is valid but not the numbers asked for.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def body(carry, inp):
        pos, key = carry
        t, step = inp
        key, sub = jax.random.split(key)
        pos = pos + step + 0.1 * jax.random.normal(sub, (N,))
        return (pos, key), pos

    _, positions = lax.scan(body, (jnp.zeros(N), key), (jnp.arange(T), steps))
    return positions

# truth: carries the key and splits it at every step instead of using the fold_in(key, t) recipe the task asks for, so the noise numbers differ.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(carry, xs):
        pos, key = carry
        t, s = xs
        key, sub = jax.random.split(key)
        pos = pos + s + 0.1 * jax.random.normal(sub, (N,))
        return (pos, key), pos

    _, path = lax.scan(step, (jnp.zeros(N), key), (jnp.arange(T), steps))
    return path

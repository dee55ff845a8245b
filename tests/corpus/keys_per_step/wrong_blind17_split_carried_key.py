# truth: carries the key in the scan and splits it each step (key, sub = split(key)), drawing from sub instead of fold_in(key, t); a different (valid but not the asked) recipe, so the noise numbers do not match fold_in(key, t)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_split_in_carry
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(carry, xs):
        pos, k = carry
        t, s = xs
        k, sub = jax.random.split(k)
        noise = 0.1 * jax.random.normal(sub, (N,))
        pos = pos + s + noise
        return (pos, k), pos

    _, path = lax.scan(step, (jnp.zeros(N), key), (jnp.arange(T), steps))
    return path

# truth: splits fold_in(key, t) into N per-walker keys and vmaps a scalar normal over them (the per-example recipe), which is a different draw from normal(fold_in(key, t), (N,)), so the noise numbers differ.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_per_walker
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inp):
        t, s = inp
        walker_keys = jax.random.split(jax.random.fold_in(key, t), N)
        noise = 0.1 * jax.vmap(lambda k: jax.random.normal(k, ()))(walker_keys)
        pos = pos + s + noise
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

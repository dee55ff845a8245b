# truth: draws the noise from the closed-over key at every step (no fold_in), so every step gets the same noise.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_every_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        noise = 0.1 * jax.random.normal(key, (N,))
        pos = pos + s + noise
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

# truth: draws one scalar of noise per step (shape ()) and broadcasts it to all N coordinates instead of drawing shape (N,), so every coordinate gets the same noise.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_noise_per_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t))
        pos = pos + s + noise
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

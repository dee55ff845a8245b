# truth: numbers the steps from 1 (fold_in(key, t + 1)), so every step draws the noise meant for the next one.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t + 1), (N,))
        pos = pos + s + noise
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

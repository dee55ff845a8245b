# truth: folds in t + 1 instead of t, so step t draws the noise that belongs to step t+1 (keys fold_in(key, 1..T) instead of fold_in(key, 0..T-1)); every noise row differs from the recipe
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: counting steps from 1 where it counts from 0
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

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

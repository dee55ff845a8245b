# truth: numbers the steps 1..T (scans over jnp.arange(1, T + 1)), so step t draws from fold_in(key, t + 1) instead of fold_in(key, t).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        pos = pos + s + 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(1, T + 1), steps))
    return path

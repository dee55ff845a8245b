# truth: Folds in the step number t + 1 (counting steps from 1) instead of t, so every step's noise comes from the wrong key.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: counting steps from 1
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def body(pos, inp):
        t, step = inp
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t + 1), (N,))
        pos = pos + step + noise
        return pos, pos

    _, positions = lax.scan(body, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

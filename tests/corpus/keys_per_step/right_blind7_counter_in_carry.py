# truth: right, because it keeps the step number t in the carry (starting at 0, +1 per step) instead of scanning over jnp.arange(T), and still draws normal(fold_in(key, t), (N,)).
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    n = steps.shape[1]

    def step(carry, s):
        pos, t = carry
        pos = pos + s + 0.1 * jax.random.normal(jax.random.fold_in(key, t), (n,))
        return (pos, t + 1), pos

    (_, _), positions = lax.scan(step, (jnp.zeros(n), jnp.int32(0)), steps)
    return positions

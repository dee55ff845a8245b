# attack: tolerance
# wrong: the noise is scaled by 0.100001 instead of 0.1, a relative error of 1e-5 on each noise draw.
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)

    def step(pos, row):
        t, move = row
        noise = 0.100001 * jax.random.normal(jax.random.fold_in(key, t), move.shape)
        pos = pos + move + noise
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(steps.shape[1]), (jnp.arange(steps.shape[0]), steps))
    return path

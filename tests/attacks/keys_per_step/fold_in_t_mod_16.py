# attack: size
# wrong: the noise key is fold_in(key, t % 16), so steps 16 and later reuse the noise of steps 0, 1, ... (only when T > 16).
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)

    def step(pos, row):
        t, move = row
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t % 16), move.shape)
        pos = pos + move + noise
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(steps.shape[1]), (jnp.arange(steps.shape[0]), steps))
    return path

import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    noise = 0.1 * jax.random.normal(jax.random.key(seed), (steps.shape[1],))

    def step(pos, move):
        pos = pos + move + noise
        return pos, pos

    return lax.scan(step, jnp.zeros(steps.shape[1]), steps)[1]

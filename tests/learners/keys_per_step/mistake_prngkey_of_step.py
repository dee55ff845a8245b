import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    def step(carry, move):
        pos, t = carry
        pos = pos + move + 0.1 * jax.random.normal(jax.random.PRNGKey(t), pos.shape)
        return (pos, t + 1), pos

    return lax.scan(step, (jnp.zeros(steps.shape[1]), 0), steps)[1]

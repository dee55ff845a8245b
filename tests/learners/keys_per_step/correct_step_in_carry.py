import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)

    def step(carry, move):
        pos, t = carry
        pos = pos + move + jax.random.normal(jax.random.fold_in(key, t), pos.shape) * 0.1
        return (pos, t + 1), pos

    start = (jnp.zeros_like(steps[0]), jnp.int32(0))
    return lax.scan(step, start, steps)[1]

import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    first = jax.random.permutation(key, x)
    _, k1 = jax.random.split(key)
    return jnp.stack([first, jax.random.permutation(k1, x)])

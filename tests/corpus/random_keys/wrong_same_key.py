# cause: same_key_twice
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    return jnp.stack([jax.random.permutation(key, x), jax.random.permutation(key, x)])

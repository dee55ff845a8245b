# truth: splits, but uses the parent key for row 0 (and k1 for row 1) instead of k0: a key used after it was split
# blind: third batch, labelled before the tutor was run on it
# cause: parent_key_reused
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    return jnp.stack([jax.random.permutation(key, x), jax.random.permutation(k1, x)])

# cause: probe_ignored_argument
# blind: written before the tutor was run on it (second batch)
# says: does not change when seed changes
import jax
import jax.numpy as jnp


KEY = jax.random.key(0)


def two_epoch_orders(x, seed):
    k0, k1 = jax.random.split(KEY)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

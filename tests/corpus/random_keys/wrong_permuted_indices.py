# cause: probe_ignored_argument
# blind: written before the tutor was run on it (second batch)
# says: does not change when x changes
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0, k1 = jax.random.split(jax.random.key(seed))
    return jnp.stack([jax.random.permutation(k0, 6), jax.random.permutation(k1, 6)]).astype(x.dtype)

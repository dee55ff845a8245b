# cause: probe_permuted
# blind: written before the tutor was run on it (second batch)
# says: your row 0 is the expected row 1
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0, k1 = jax.random.split(jax.random.key(seed))
    return jnp.stack([jax.random.permutation(k1, x), jax.random.permutation(k0, x)])

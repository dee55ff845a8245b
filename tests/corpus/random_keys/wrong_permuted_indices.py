# true: probe_shape
# blind: written before the tutor was run on it (second batch)
# (the space has N other than 6: its permutation of 6 indices is the wrong shape first)
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0, k1 = jax.random.split(jax.random.key(seed))
    return jnp.stack([jax.random.permutation(k0, 6), jax.random.permutation(k1, 6)]).astype(x.dtype)

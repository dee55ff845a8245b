import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0, k1, _ = jax.random.split(jax.random.key(seed), 3)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

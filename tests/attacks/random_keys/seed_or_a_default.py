# attack: edge
# wrong: "seed or 42" treats seed 0 as missing, so seed == 0 gives the orders of seed 42.
import jax
import jax.numpy as jnp

DEFAULT_SEED = 42


def two_epoch_orders(x, seed):
    key = jax.random.key(seed or DEFAULT_SEED)
    k0, k1 = jax.random.split(key)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

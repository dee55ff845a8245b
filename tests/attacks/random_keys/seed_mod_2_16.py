# attack: edge
# wrong: the seed is reduced modulo 2**16 before making the key, so the orders are wrong for seeds >= 65536.
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0, k1 = jax.random.split(jax.random.key(seed % 65536))
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

# truth: splits the key once into [k0, k1] and vmaps permutation over that key array, which yields row i = permutation(k_i, x) bit-for-bit, stacked into shape (2, N).
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    keys = jax.random.split(key)  # shape (2,): k0, k1
    return jax.vmap(lambda k: jax.random.permutation(k, x))(keys)

# truth: Row 1 permutes the already-shuffled row 0 with k1 (permutation(k1, row0)) instead of permuting the original x, so row 0 is correct but row 1 is a different valid permutation; it only agrees when x is constant (e.g. all ones) or N <= 1.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: shuffled_the_shuffle
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    # Split key into k0 and k1; permute x with each; stack the two rows.
    k0, k1 = jax.random.split(key)
    row0 = jax.random.permutation(k0, x)
    # second epoch: shuffle the data again (continuing from the last epoch's order)
    row1 = jax.random.permutation(k1, row0)
    return jnp.stack([row0, row1])

# truth: Splits the key but then permutes both rows with the original parent `key` (reusing one key), so row 0 and row 1 are the identical permutation; only matches the correct answer when x is constant (or N <= 1).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_twice
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    # Split key into k0 and k1; permute x with each; stack the two rows.
    k0, k1 = jax.random.split(key)
    row0 = jax.random.permutation(key, x)
    row1 = jax.random.permutation(key, x)
    return jnp.stack([row0, row1])

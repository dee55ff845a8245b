# truth: Copies the lesson's `key, k1, k2 = split(key, 3)` pattern and uses the 2nd and 3rd children of split(key, 3) instead of the two children of split(key), so both rows are valid, distinct permutations but with the wrong keys (differ from the exact expected orders for almost every seed/N > 1).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: split_into_three
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    # Split key into k0 and k1; permute x with each; stack the two rows.
    key, k0, k1 = jax.random.split(key, 3)
    row0 = jax.random.permutation(k0, x)
    row1 = jax.random.permutation(k1, x)
    return jnp.stack([row0, row1])

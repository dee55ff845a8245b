# truth: Uses the parent key itself for row 0 (permutation(key, x)) and k1 for row 1, ignoring k0 and breaking the "use only the children after a split" rule; row 1 is correct but row 0 differs from permutation(k0, x) for generic x with N > 1.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: parent_key_reused
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    # Split key into k0 and k1; permute x with each; stack the two rows.
    k0, k1 = jax.random.split(key)
    first = jax.random.permutation(key, x)
    second = jax.random.permutation(k1, x)
    return jnp.stack([first, second])

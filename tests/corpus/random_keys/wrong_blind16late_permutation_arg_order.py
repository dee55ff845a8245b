# truth: The arguments of jax.random.permutation are swapped (data first, key second), so x is passed where a PRNG key is expected and the call raises a TypeError instead of returning anything.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: not_a_key
# says: `x` (an array of shape (6,)) as its first argument
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    row0 = jax.random.permutation(x, k0)
    row1 = jax.random.permutation(x, k1)
    return jnp.stack([row0, row1])

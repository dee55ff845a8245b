# truth: The key is split twice in sequence (k0, key = split(key); k1, key = split(key)) instead of once, so row 0 is correct but row 1 uses a different key from the required k1 and gives the wrong permutation.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_steps_then_off
# says: with k1 split once more before permutation draws with it
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, key = jax.random.split(key)
    row0 = jax.random.permutation(k0, x)
    k1, key = jax.random.split(key)
    row1 = jax.random.permutation(k1, x)
    return jnp.stack([row0, row1])

# truth: uses the original key for row 0 and only splits off a new key for row 1, so row 0 reuses a key that was split (not k0).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: parent_key_reused
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    _, k1 = jax.random.split(key)
    first = jax.random.permutation(key, x)  # first epoch: the key we already have
    second = jax.random.permutation(k1, x)  # second epoch: a fresh key
    return jnp.stack([first, second])

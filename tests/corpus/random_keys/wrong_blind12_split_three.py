# truth: copies the dropout example's "key, k1, k2 = split(key, 3)" pattern, so k0 and k1 are the 2nd and 3rd children of a 3-way split and both rows use different keys than split(key) gives.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: split_into_three
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    key, k0, k1 = jax.random.split(key, 3)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

# truth: PyTorch-style "key, sub" habit: splits into 3 keys and uses the last two, so k0 and k1 are not the keys of split(key)
# blind: third batch, labelled before the tutor was run on it
# cause: split_into_three
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    key, k0, k1 = jax.random.split(key, 3)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

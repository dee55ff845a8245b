# truth: splits sequentially (key, k0 = split(key); key, k1 = split(key)) instead of once into k0, k1, so both keys differ from the recipe
# blind: third batch, labelled before the tutor was run on it
# cause: split_in_a_loop
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    key, k0 = jax.random.split(key)
    key, k1 = jax.random.split(key)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

# truth: makes one key per epoch from seed and seed + 1 (the NumPy reseeding habit) instead of splitting one key.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: key_per_epoch_from_seed
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    k0 = jax.random.key(seed)
    k1 = jax.random.key(seed + 1)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)])

# truth: row 0 uses k1 and row 1 uses k0 (keys swapped between rows)
# blind: third batch, labelled before the tutor was run on it
# cause: probe_permuted
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    return jnp.stack([jax.random.permutation(k1, x), jax.random.permutation(k0, x)])

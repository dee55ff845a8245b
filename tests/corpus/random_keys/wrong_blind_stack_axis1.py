# truth: stacks the two rows along axis 1, giving shape (N, 2) instead of (2, N)
# blind: third batch, labelled before the tutor was run on it
# cause: probe_transposed
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    return jnp.stack([jax.random.permutation(k0, x), jax.random.permutation(k1, x)], axis=1)

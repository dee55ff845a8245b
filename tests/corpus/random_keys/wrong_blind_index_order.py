# truth: permutes the indices 0..N-1 instead of x, returning the index orders rather than x shuffled
# blind: third batch, labelled before the tutor was run on it
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    n = x.shape[0]
    return jnp.stack([jax.random.permutation(k0, n), jax.random.permutation(k1, n)])

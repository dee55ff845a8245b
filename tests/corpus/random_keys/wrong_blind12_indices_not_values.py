# truth: permutes range(N) like np.random.permutation(len(x)) and returns those indices without indexing x, so it gives the shuffled positions (int) rather than the shuffled values of x.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    n = x.shape[0]
    order0 = jax.random.permutation(k0, n)
    order1 = jax.random.permutation(k1, n)
    return jnp.stack([order0, order1])

# truth: uses NumPy's global random state (np.random.seed / permutation) instead of JAX keys
# blind: third batch, labelled before the tutor was run on it
# cause: none
import jax
import jax.numpy as jnp
import numpy as np


def two_epoch_orders(x, seed):
    np.random.seed(seed)
    x = np.asarray(x)
    return jnp.stack([jnp.asarray(np.random.permutation(x)), jnp.asarray(np.random.permutation(x))])

# cause: none
# blind: written before the tutor was run on it (second batch)
import jax.numpy as jnp
import numpy as np


def two_epoch_orders(x, seed):
    rng = np.random.default_rng(seed)
    return jnp.stack([x[rng.permutation(6)], x[rng.permutation(6)]])

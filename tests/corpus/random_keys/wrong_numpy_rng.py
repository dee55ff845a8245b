# true: probe_shape
# (the space has N other than 6: its hard-coded permutation(6) is the wrong shape first)
# blind: written before the tutor was run on it (second batch)
import jax.numpy as jnp
import numpy as np


def two_epoch_orders(x, seed):
    rng = np.random.default_rng(seed)
    return jnp.stack([x[rng.permutation(6)], x[rng.permutation(6)]])

# truth: uses jax.random.choice(k, x, (N,)) like np.random.choice, whose default replace=True samples with replacement, so rows repeat some elements and drop others instead of being permutations.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: drawn_with_replacement
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    n = x.shape[0]
    return jnp.stack([jax.random.choice(k0, x, (n,)), jax.random.choice(k1, x, (n,))])

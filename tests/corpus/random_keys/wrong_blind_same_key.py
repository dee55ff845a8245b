# truth: permutes both rows with the same unsplit key, so the two epochs get the same order (key reused)
# blind: third batch, labelled before the tutor was run on it
# cause: same_key_twice
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    return jnp.stack([jax.random.permutation(key, x), jax.random.permutation(key, x)])

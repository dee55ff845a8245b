# truth: permutes both rows with the same un-split key, so the two "epochs" get the identical order.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_twice
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    row0 = jax.random.permutation(key, x)
    row1 = jax.random.permutation(key, x)
    return jnp.stack([row0, row1])

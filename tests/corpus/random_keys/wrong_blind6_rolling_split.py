# truth: uses the "key, subkey = split(key)" habit once per epoch instead of one split into k0, k1, so row 1 is permuted with a grandchild key.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: split_in_a_loop
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    rows = []
    for _ in range(2):
        key, subkey = jax.random.split(key)
        rows.append(jax.random.permutation(subkey, x))
    return jnp.stack(rows)

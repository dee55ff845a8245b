# truth: splits inside the epoch loop with "key, sub = split(key)", so row 0 uses the second child of split(key) and row 1 a grandchild, instead of k0 and k1 from one split.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: split_in_a_loop
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    rows = []
    for _ in range(2):
        key, sub = jax.random.split(key)
        rows.append(jax.random.permutation(sub, x))
    return jnp.stack(rows)

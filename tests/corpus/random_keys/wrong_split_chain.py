# cause: split_in_a_loop
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    rows = []
    for _ in range(2):
        key, sub = jax.random.split(key)
        rows.append(jax.random.permutation(sub, x))
    return jnp.stack(rows)

# truth: shuffles NumPy-style by argsort of uniform draws instead of jax.random.permutation, so the orders are valid but not the ones the recipe gives.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: argsort_of_uniform
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    k0, k1 = jax.random.split(key)
    rows = []
    for k in (k0, k1):
        order = jnp.argsort(jax.random.uniform(k, x.shape))
        rows.append(x[order])
    return jnp.stack(rows)

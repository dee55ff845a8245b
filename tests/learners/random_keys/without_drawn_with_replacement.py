import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    # entries drawn with replacement by index, without jax.random.choice
    k0, k1 = jax.random.split(jax.random.key(seed))
    n = x.shape[0]
    first = x[jax.random.randint(k0, (n,), 0, n)]
    second = x[jax.random.randint(k1, (n,), 0, n)]
    return jnp.stack([first, second])

# truth: permutes both rows with the unsplit key itself, so the two "epochs" get the identical order (and neither matches the k0/k1 recipe).
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_twice
import jax
import jax.numpy as jnp


def two_epoch_orders(x, seed):
    key = jax.random.key(seed)
    first = jax.random.permutation(key, x)
    second = jax.random.permutation(key, x)
    return jnp.stack([first, second])

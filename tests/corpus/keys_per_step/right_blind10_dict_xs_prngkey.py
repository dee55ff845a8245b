# truth: right, because a legacy jax.random.PRNGKey(seed) key gives the same fold_in/normal numbers as jax.random.key(seed), and the scan's xs as a dict still hands step t its row and its t.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    base = jax.random.PRNGKey(seed)
    n = steps.shape[-1]

    def body(position, row):
        k = jax.random.fold_in(base, row["t"])
        position = position + row["step"] + jax.random.normal(k, (n,)) * 0.1
        return position, position

    xs = {"t": jnp.arange(steps.shape[0], dtype=jnp.uint32), "step": steps}
    return lax.scan(body, jnp.zeros((n,), steps.dtype), xs)[1]

# truth: uses offset <= K instead of offset < K in the write mask, so the slot just after the last written row is also overwritten (with rows[K-1]) whenever K < N.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_slot_too_many
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    k = rows.shape[0]
    offset = (jnp.arange(n) - start) % n
    gathered = rows[jnp.minimum(offset, k - 1)]
    return jnp.where(offset <= k, gathered, buffer)

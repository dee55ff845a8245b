# truth: right, because every buffer position p gets its offset (p - start) % N from the write start, takes rows[offset] where offset < K and keeps the old value otherwise, which is the same ring write without a scatter; jitted with buffer donated.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    k = rows.shape[0]
    offset = (jnp.arange(n) - start) % n          # how far after start each slot is
    gathered = rows[jnp.minimum(offset, k - 1)]   # safe gather; masked below
    return jnp.where(offset < k, gathered, buffer)

# truth: since the old buffer is donated (deleted), it builds the result from a fresh zeros array, dropping the entries that should have been kept instead of only replacing the K written slots.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    idx = (start + jnp.arange(rows.shape[0])) % buffer.shape[0]
    return jnp.zeros_like(buffer).at[idx].set(rows)

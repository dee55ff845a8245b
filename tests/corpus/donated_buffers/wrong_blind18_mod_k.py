# truth: wraps the index modulo K (len(rows)) instead of N (len(buffer)), so positions are (start + i) % K: rows land in the first K slots in a rotated order (e.g. N=5, K=3, start=2 writes at 2, 0, 1 instead of 2, 3, 4).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    k = rows.shape[0]
    idx = (start + jnp.arange(k)) % k
    return buffer.at[idx].set(rows)

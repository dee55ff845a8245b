# truth: Treats buffer.at[idx].set(rows) as an in-place write (as if donating the buffer let the update happen on it) and returns the original buffer, discarding the new array; the returned buffer is unchanged, with none of the rows written.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    idx = (start + jnp.arange(rows.shape[0])) % n
    buffer.at[idx].set(rows)
    return buffer

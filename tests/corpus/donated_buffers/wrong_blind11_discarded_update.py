# truth: calls buffer.at[idx].set(rows) as if it updated buffer in place (reading donation as "in-place") and throws the new array away, so the function returns the old buffer unchanged.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    idx = (start + jnp.arange(rows.shape[0])) % n
    buffer.at[idx].set(rows)  # donated, so surely it is written in place
    return buffer

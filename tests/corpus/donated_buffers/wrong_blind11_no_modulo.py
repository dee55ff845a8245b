# truth: indexes with start + i without "% N", so positions past the end are out of bounds and JAX's scatter silently drops them: rows that should wrap to the start of the buffer are lost whenever start + K > N.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: no_wrap
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    idx = start + jnp.arange(rows.shape[0])
    return buffer.at[idx].set(rows)

# truth: indices are start + i with no % N, so when a write runs past the end the out-of-bounds positions are silently dropped by the scatter instead of wrapping to the start; the entries at the beginning keep their old values and the wrapped rows are lost.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_wrap
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    idx = start + jnp.arange(rows.shape[0])
    return buffer.at[idx].set(rows)

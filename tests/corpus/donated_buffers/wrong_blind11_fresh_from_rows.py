# truth: builds the result from rows alone (zero-pad to N, roll by start), so the wrapped positions are right but every entry not written is reset to 0 instead of kept from buffer.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n, k = buffer.shape[0], rows.shape[0]
    padded = jnp.pad(rows, (0, n - k)).astype(buffer.dtype)
    return jnp.roll(padded, start)

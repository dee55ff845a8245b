# truth: uses lax.dynamic_update_slice, which never wraps: when start + K > N it clamps the start to N - K and writes the K rows contiguously at the end, overwriting entries before start and leaving the beginning of the buffer unchanged instead of wrapping around.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: dynamic_update_slice_clamps
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    return jax.lax.dynamic_update_slice(buffer, rows, (start,))

# truth: writes rows as one contiguous slice with lax.dynamic_update_slice, which never wraps: when start + K > N it clamps the start to N - K and writes everything at the wrong positions; correct only when the write fits without wrapping (start + K <= N).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: dynamic_update_slice_clamps
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    # write the K new values in place, starting at `start`
    return lax.dynamic_update_slice(buffer, rows.astype(buffer.dtype), (start,))

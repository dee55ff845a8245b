# truth: assigns into the donated buffer in place NumPy-style (buffer[idx] = rows), thinking donation makes the array writable, but JAX arrays are immutable and this raises a TypeError.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: in_place_assignment
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    idx = (start + jnp.arange(rows.shape[0])) % buffer.shape[0]
    buffer[idx] = rows  # the memory was donated, so write into it directly
    return buffer

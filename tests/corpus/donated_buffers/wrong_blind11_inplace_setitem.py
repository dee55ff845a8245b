# truth: assigns with NumPy/PyTorch item assignment buffer[idx] = rows, which JAX arrays do not support, so every call raises a TypeError instead of returning the updated buffer.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: in_place_assignment
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    idx = (start + jnp.arange(rows.shape[0])) % n
    buffer[idx] = rows  # the buffer is donated, so write into it directly
    return buffer

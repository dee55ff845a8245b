# truth: Scatters at start + i without the % N wrap, expecting NumPy-like behaviour; JAX silently drops out-of-bounds scatter updates, so whenever start + K > N the rows that should wrap to the front are lost and the front of the buffer keeps its old values.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_wrap
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    idx = start + jnp.arange(rows.shape[0])
    return buffer.at[idx].set(rows)

# truth: uses .at[idx].add instead of .at[idx].set, so each written position becomes old_value + rows[i] instead of rows[i] (correct only where the buffer held zeros).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with .at[...].add where it uses .at[...].set
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    idx = (start + jnp.arange(rows.shape[0])) % n
    return buffer.at[idx].add(rows)

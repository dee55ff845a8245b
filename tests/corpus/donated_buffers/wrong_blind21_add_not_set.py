# truth: uses .at[idx].add(rows) instead of .at[idx].set(rows), so the new values are added to what was stored there rather than replacing it; correct only where the overwritten entries were 0 (e.g. a fresh zero buffer), wrong once old values are overwritten.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: .at[...].add where it uses .at[...].set
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    k = rows.shape[0]
    idx = (start + jnp.arange(k)) % n
    return buffer.at[idx].add(rows)

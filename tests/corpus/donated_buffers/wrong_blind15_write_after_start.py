# truth: Treats start as the position of the last value already written and puts rows[i] at (start + 1 + i) % N; every row lands one slot too far, so the result is shifted by one (when K < N the slot at start keeps its old value and the slot at (start + K) % N is overwritten).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: counting steps from 1
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    idx = (start + 1 + jnp.arange(rows.shape[0])) % n
    return buffer.at[idx].set(rows)

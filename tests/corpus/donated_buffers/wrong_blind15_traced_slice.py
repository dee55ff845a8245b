# truth: Splits the write into two Python slices whose bounds depend on the traced start; under jit slice bounds must be static, so every call raises an IndexError (non-static slice indices) and no buffer is ever returned.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: traced_slice_bounds
# says: `rows[:first]`
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    k = rows.shape[0]
    first = jnp.minimum(k, n - start)
    buffer = buffer.at[start:start + first].set(rows[:first])
    return buffer.at[:k - first].set(rows[first:])

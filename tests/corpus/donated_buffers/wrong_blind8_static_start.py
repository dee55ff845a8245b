# truth: marks start as static (static_argnums=1) so Python slicing and `if` work, but start arrives as an int32 JAX array, which is not hashable, so every call fails.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_array
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]
    k = rows.shape[0]
    end = start + k
    if end <= n:
        return buffer.at[start:end].set(rows)
    first = n - start
    buffer = buffer.at[start:].set(rows[:first])
    return buffer.at[: k - first].set(rows[first:])

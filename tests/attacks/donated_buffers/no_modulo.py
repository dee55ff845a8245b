# attack: edge
# wrong: positions are start + i without % N, so rows that should wrap to the front are dropped (only when start + K > N).
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    positions = start + jnp.arange(rows.shape[0])
    return buffer.at[positions].set(rows)

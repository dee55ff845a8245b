# attack: edge
# wrong: rows are written with lax.dynamic_update_slice at start, which clamps the start to N - K instead of wrapping when start + K > N.
from functools import partial

import jax
from jax import lax


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    return lax.dynamic_update_slice(buffer, rows, (start,))

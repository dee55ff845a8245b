# truth: writes rows at positions 0..K-1 and then jnp.roll's the whole buffer by start, which also shifts every kept entry by start; rows[i] does land at (start + i) % N, but the other entries move, so it is right only when start == 0 or K == N.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_buffer_rolled
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    k = rows.shape[0]
    # put the rows at the front, then rotate so the front lands at `start`
    written = buffer.at[:k].set(rows)
    return jnp.roll(written, start)

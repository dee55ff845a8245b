# truth: The fori_loop body writes into the original buffer captured from the outer scope instead of the loop carry b, so each iteration discards the previous write; only the last row rows[K-1] ends up in the result, the other K-1 positions keep their old values.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: last_row_only
from functools import partial

import jax
import jax.numpy as jnp


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    n = buffer.shape[0]

    def body(i, b):
        return buffer.at[(start + i) % n].set(rows[i])

    return jax.lax.fori_loop(0, rows.shape[0], body, buffer)

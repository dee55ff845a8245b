# truth: writes rows with lax.dynamic_update_slice at start, which does not wrap around but clamps the start so the rows fit, so when start + K > N the rows land at N - K instead of wrapping to the front.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: dynamic_update_slice_clamps
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, donate_argnums=0)
def ring_write(buffer, start, rows):
    return lax.dynamic_update_slice(buffer, rows, (start,))

# truth: rotating the buffer left by start puts position (start + i) % N at index i, so writing rows into the first K slots and rotating back by start writes rows[i] at (start + i) % N and keeps all other entries; jitted with buffer donated.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def _ring_write(buffer, start, rows):
    rotated = jnp.roll(buffer, -start)
    rotated = jax.lax.dynamic_update_slice(rotated, rows.astype(buffer.dtype), (0,))
    return jnp.roll(rotated, start)


# Jit ring_write and donate buffer; write rows[i] at (start + i) % N.
ring_write = jax.jit(_ring_write, donate_argnums=(0,))

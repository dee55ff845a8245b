# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape
    xs = {"t": jnp.arange(T), "step": steps}

    def body(pos, row):
        k = jax.random.fold_in(key, row["t"])
        new_pos = pos + row["step"] + jax.random.normal(k, (N,)) * 0.1
        return new_pos, new_pos

    _, positions = lax.scan(body, jnp.zeros(N, steps.dtype), xs, unroll=3)
    return positions

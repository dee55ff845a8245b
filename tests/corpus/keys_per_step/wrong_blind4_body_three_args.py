# truth: Writes the scan body as body(pos, t, step), but lax.scan passes the xs tuple as one second argument, so the call raises TypeError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_argument
# says: lax.scan calls its step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def body(pos, t, step):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        pos = pos + step + noise
        return pos, pos

    _, positions = lax.scan(body, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

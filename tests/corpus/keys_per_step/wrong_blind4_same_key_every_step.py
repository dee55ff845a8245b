# truth: Draws the noise from the same key at every step instead of fold_in(key, t), so every step adds exactly the same noise.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_every_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def body(pos, inp):
        t, step = inp
        pos = pos + step + 0.1 * jax.random.normal(key, (N,))
        return pos, pos

    _, positions = lax.scan(body, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

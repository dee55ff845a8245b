# truth: Outputs the position before each step instead of after it, so the history starts at zeros and is missing the last step.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_behind
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def body(pos, inp):
        t, step = inp
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        return pos + step + noise, pos

    _, positions = lax.scan(body, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

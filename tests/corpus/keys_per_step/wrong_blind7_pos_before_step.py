# truth: emits the position from before each step as the scan output, so the result starts at zeros and misses the final step.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_behind
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        return pos + s + noise, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

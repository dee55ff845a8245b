# truth: adds the noise only to the emitted position and carries pos + steps[t] without it, so earlier noise is not accumulated and every row after the first is off.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: noise_not_kept
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inp):
        t, s = inp
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        new_pos = pos + s
        return new_pos, new_pos + noise

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

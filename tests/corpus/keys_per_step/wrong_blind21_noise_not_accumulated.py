# truth: The carry accumulates only steps[t]; the noise for step t is added to the emitted output but never to the carried position, so earlier noise is lost. Row 0 (and the whole answer when T = 1) is correct; from row 1 on the result lacks the noise of previous steps.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: noise_not_kept
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inputs):
        t, s = inputs
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, t), (N,))
        pos = pos + s
        return pos, pos + noise

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

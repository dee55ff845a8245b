# truth: draws the noise from the outer key itself at every step instead of fold_in(key, t), so every step adds the identical noise vector and the numbers differ from the recipe.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: same_key_every_step
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, inp):
        t, s = inp
        noise = 0.1 * jax.random.normal(key, (N,))
        pos = pos + s + noise
        return pos, pos

    _, positions = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return positions

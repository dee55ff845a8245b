# truth: the 0.1 factor is applied to the step and the noise together, pos + 0.1 * (steps[t] + normal), so the deterministic steps are shrunk tenfold too instead of only the noise being scaled
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: moves_scaled_too
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        z = jax.random.normal(jax.random.fold_in(key, t), (N,))
        pos = pos + 0.1 * (s + z)
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

# truth: converts the traced step number with int(t) before fold_in, which fails inside lax.scan because t is a tracer, not a Python int.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_to_python_number
import jax
import jax.numpy as jnp
from jax import lax


def noisy_walk(steps, seed):
    key = jax.random.key(seed)
    T, N = steps.shape

    def step(pos, xs):
        t, s = xs
        step_key = jax.random.fold_in(key, int(t))  # fold_in wants an integer
        pos = pos + s + 0.1 * jax.random.normal(step_key, (N,))
        return pos, pos

    _, path = lax.scan(step, jnp.zeros(N), (jnp.arange(T), steps))
    return path

# truth: copies the formula literally with Python's built-in min, which compares tracers with bool() and fails under jit.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * min(1.0, max_norm / norm)

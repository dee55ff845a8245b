# truth: the Python builtin min compares the traced max_norm / norm with 1.0, which calls bool() on a tracer, so the first call raises TracerBoolConversionError and nothing is returned.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    scale = min(1.0, max_norm / norm)
    return g * scale

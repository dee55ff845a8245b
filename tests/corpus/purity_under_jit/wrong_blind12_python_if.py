# truth: branches with a Python if on the traced norm, which asks for bool(tracer) under jit and raises TracerBoolConversionError on every call.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    if norm > max_norm:
        return g * (max_norm / norm)
    return g

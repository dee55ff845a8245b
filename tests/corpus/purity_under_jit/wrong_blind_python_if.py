# truth: a Python if on the traced norm inside the jitted function (TracerBoolConversionError)
# blind: third batch, labelled before the tutor was run on it
# cause: python_if_on_tracer
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    if norm > max_norm:
        return g * max_norm / norm
    return g

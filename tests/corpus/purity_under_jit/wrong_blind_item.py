# truth: norm.item() inside jit to decide in Python whether to clip (ConcretizationTypeError on a tracer)
# blind: third batch, labelled before the tutor was run on it
# cause: item_on_tracer
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    if norm.item() > max_norm:
        g = g / norm * max_norm
    return g

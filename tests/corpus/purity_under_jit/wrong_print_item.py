# cause: item_on_tracer
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    print("norm:", norm.item())
    return g * jnp.minimum(1.0, max_norm / norm)

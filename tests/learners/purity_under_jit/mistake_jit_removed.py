import jax.numpy as jnp


def clip_by_norm(g, max_norm):
    norm = jnp.linalg.norm(g)
    print("norm is", norm)
    return g * max_norm / norm if norm > max_norm else g

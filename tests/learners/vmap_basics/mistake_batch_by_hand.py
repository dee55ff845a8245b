import jax.numpy as jnp


def cosine_scores(w, X):
    return w @ X / (jnp.linalg.norm(X) * jnp.linalg.norm(w))

import jax
import jax.numpy as jnp


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    return jax.vmap(cosine, in_axes=0)(w, X)

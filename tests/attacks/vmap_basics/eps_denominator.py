# attack: tolerance
# wrong: 1e-6 is added to the product of the norms, so every score is too small by a relative 1e-6 or so.
import jax
import jax.numpy as jnp


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w) + 1e-6)


def cosine_scores(w, X):
    return jax.vmap(cosine, in_axes=(None, 1))(w, X)

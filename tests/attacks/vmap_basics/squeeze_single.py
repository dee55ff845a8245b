# attack: size
# wrong: the scores are squeezed, so with one example (N == 1) the result has shape () instead of (1,).
import jax
import jax.numpy as jnp


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    return jnp.squeeze(jax.vmap(cosine, in_axes=(None, 1))(w, X))

import jax.numpy as jnp
from jax import lax


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    def body(i, scores):
        return scores.at[i].set(cosine(w, X[:, i]))

    return lax.fori_loop(0, X.shape[1], body, jnp.zeros(X.shape[1]))

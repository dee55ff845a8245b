import jax
import jax.numpy as jnp


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # the examples as rows, then the default axis 0 for them
    scores = jax.vmap(lambda x: cosine(w, x))
    return scores(X.T)

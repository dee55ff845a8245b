import jax.numpy as jnp


def cosine(w, x):
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    scores = []
    for x in X.T:
        scores.append(cosine(w, x))
    return jnp.array(scores)

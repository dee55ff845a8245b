# truth: uses in_axes=(None, 0), walking the rows of X instead of its columns, so it errors when D != N and silently scores the rows when X is square.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_columns
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(cosine, in_axes=(None, 0))(w, X)

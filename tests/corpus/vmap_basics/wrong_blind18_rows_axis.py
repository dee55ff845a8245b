# truth: maps cosine over axis 0 (rows of X) instead of axis 1 (columns); each "example" is X[i, :] of length N, so it only runs when D == N and then returns the D row-wise cosines cosine(w, X[i, :]) rather than the N column scores (for D != N it raises a shape error in x @ w).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_columns
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(cosine, in_axes=(None, 0))(w, X)

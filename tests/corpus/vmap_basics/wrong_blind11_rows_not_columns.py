# truth: Maps X along axis 0 (its rows, each of length N) instead of axis 1, so each 'example' is a row; with D != N the x @ w inside raises TypeError (dot_general contracting dimensions differ), and with D == N it returns D cosine scores of rows, not of columns.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_columns
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(cosine, in_axes=(None, 0))(w, X)

# truth: vmap uses the default-style in_axes=(None, 0), mapping over the rows of X (length N) instead of its columns, so when D != N the dot product with w raises a shape error, and when D == N it scores the rows, giving wrong numbers.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_columns
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(cosine, in_axes=(None, 0))(w, X)

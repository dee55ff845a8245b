# truth: Uses X.reshape(N, D) to put examples in rows (a NumPy/PyTorch view habit) instead of transposing, which scrambles entries across examples, so vmap over axis 0 scores rows of the reshaped matrix that are not the columns of X.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: reshaped_not_transposed
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    D, N = X.shape
    rows = X.reshape(N, D)  # one example per row now
    return jax.vmap(cosine, in_axes=(None, 0))(w, rows)

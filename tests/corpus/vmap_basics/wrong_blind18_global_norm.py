# truth: skips vmap and calls cosine on the whole batch X.T, so jnp.linalg.norm(x) is the Frobenius norm of all of X instead of each column's norm; returns (X.T @ w) / (||X||_F * ||w||), every score scaled down by the same batch-wide norm.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_batch_norm
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    # X.T has one example per row, so x @ w gives all N dot products at once
    return cosine(w, X.T)

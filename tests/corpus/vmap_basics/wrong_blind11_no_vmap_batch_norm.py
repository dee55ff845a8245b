# truth: Calls the one-example cosine on the whole batch X.T, so the dot products are right but jnp.linalg.norm(x) becomes the norm of the entire matrix, dividing every score by the same batch-wide norm instead of each column's own norm.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_batch_norm
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    # cosine already works on a matrix: (N, D) @ (D,) gives (N,)
    return cosine(w, X.T)

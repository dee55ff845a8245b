# truth: cosine is called directly on the whole batch X.T with no vmap; the dot products come out per example but jnp.linalg.norm(x) becomes the norm of the whole matrix, so every score is divided by the same batch-wide norm and is too small (correct only when N == 1).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_batch_norm
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return cosine(w, X.T)

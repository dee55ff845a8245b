# truth: calls the one-example cosine on the whole (transposed) batch, so jnp.linalg.norm takes the norm of the whole matrix instead of each example's norm; no error, wrong scores.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_batch_norm
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    # X.T @ w already gives one dot product per example, so no need to map
    return jax.jit(cosine)(w, X.T)

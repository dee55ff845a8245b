# truth: Only the dot product is vmapped; the norms are "factored out" and computed once on the whole matrix, so every score is divided by the Frobenius norm of X instead of the norm of its own column; correct only when N = 1 (or the other columns are all zero), otherwise every score is too small in magnitude.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_batch_norm
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    dots = jax.vmap(jnp.dot, in_axes=(None, 1))(w, X)  # one dot per column
    # the norms don't depend on the example, so compute them once outside the vmap
    return dots / (jnp.linalg.norm(X) * jnp.linalg.norm(w))

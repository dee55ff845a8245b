# truth: X of shape (D, N) is turned into rows with X.reshape(N, D) instead of X.T, which scrambles entries across examples (reshape keeps memory order, it does not transpose), so the rows fed to vmap are not the columns of X and the scores are wrong unless D == 1 or N == 1.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: reshaped_not_transposed
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    D, N = X.shape
    rows = X.reshape(N, D)
    return jax.vmap(cosine, in_axes=(None, 0))(w, rows)

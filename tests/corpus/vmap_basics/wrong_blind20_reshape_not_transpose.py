# truth: X is turned into one-example-per-row with X.reshape(N, D) instead of X.T, which reorders the numbers rather than swapping axes, so each "example" is a scrambled slice of X; the result has shape (N,) and is correct only when N = 1 or D = 1 (where reshape and transpose coincide).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
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

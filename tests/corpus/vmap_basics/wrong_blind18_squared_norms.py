# truth: the per-example score divides by x.x * w.w (squared norms) and forgets the square root, so it returns (x . w) / (||x||^2 * ||w||^2) per column, i.e. the true cosine divided by ||x|| * ||w||.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    def score(w, x):
        # same as cosine, with dot products instead of norm calls
        return jnp.dot(x, w) / (jnp.dot(x, x) * jnp.dot(w, w))

    return jax.vmap(score, in_axes=(None, 1))(w, X)

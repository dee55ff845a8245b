# truth: the per-example function divides only by the norm of x and drops the norm of w, so it returns (x . w) / ||x|| per column, i.e. the true cosine scores multiplied by ||w||.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with a factor left out
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    def score(x):
        return x @ w / jnp.linalg.norm(x)

    return jax.vmap(score, in_axes=1)(X)

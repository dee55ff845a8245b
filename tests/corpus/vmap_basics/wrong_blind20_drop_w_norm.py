# truth: The per-example function leaves out ||w|| because it is "the same for every example", so each score is the true cosine times ||w||; correct only when w has unit norm, wrong (and possibly outside [-1, 1]) otherwise.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: a factor left out
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    def score(x):
        # ||w|| is a constant shared by all examples, no need to divide by it
        return x @ w / jnp.linalg.norm(x)

    return jax.vmap(score, in_axes=1)(X)

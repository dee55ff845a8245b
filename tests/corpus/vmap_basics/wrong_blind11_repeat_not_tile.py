# truth: Builds a batch of copies of w with jnp.repeat(w, N).reshape(N, D), which interleaves (w0,w0,...,w1,w1,...) so the rows are not copies of w, and every example is scored against a scrambled weight vector.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# true: probe_non_finite
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    D, N = X.shape
    W = jnp.repeat(w, N).reshape(N, D)  # one copy of w per example
    return jax.vmap(cosine, in_axes=(0, 1))(W, X)

# truth: gets the right numbers with a Python loop over the columns instead of jax.vmap, which the task says does not count.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jnp.stack([cosine(w, X[:, i]) for i in range(X.shape[1])])

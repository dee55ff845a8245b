# truth: Binds the shared w with functools.partial and maps the remaining argument along axis -1, which for the 2-D X is its last axis, the columns, so entry j is cosine(w, X[:, j]) with shape (N,).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import functools
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(functools.partial(cosine, w), in_axes=-1)(X)

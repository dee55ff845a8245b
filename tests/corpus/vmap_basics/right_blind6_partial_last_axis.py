# truth: right, because it binds w with functools.partial and maps the remaining argument along its last axis (-1), which for a (D, N) matrix is the column axis, giving one score per example of shape (N,).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import functools

import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    per_column = jax.vmap(functools.partial(cosine, w), in_axes=-1)
    return jax.jit(per_column)(X)

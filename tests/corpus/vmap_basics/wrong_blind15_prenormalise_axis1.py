# truth: Before mapping, each example is "normalised" with jnp.linalg.norm(X, axis=1), which for a (D, N) array divides each feature row, not each example column, by its norm; this rescales features unevenly within each example and changes the direction of every column, so the cosine scores are wrong (right only when D == 1).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_scale_lost
# says: is multiplied by a factor of its own
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    X_unit = X / jnp.linalg.norm(X, axis=1, keepdims=True)
    return jax.vmap(cosine, in_axes=(None, 1))(w, X_unit)

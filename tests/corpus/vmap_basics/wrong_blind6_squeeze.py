# truth: adds a defensive .squeeze() to the vmapped result, which turns the (1,) answer into a scalar of shape () when there is only one example (N = 1).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_reshaped
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    scores = jax.vmap(cosine, in_axes=(None, 1))(w, X)
    return jnp.squeeze(scores)

# truth: passes in_axes=1 as a single number, which also tries to map w along an axis it does not have, so vmap raises instead of sharing w.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: vmap_axis_missing
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    # examples live in columns -> axis 1
    return jax.vmap(cosine, in_axes=1)(w, X)

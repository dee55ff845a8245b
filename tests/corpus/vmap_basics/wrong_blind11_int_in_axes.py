# truth: Passes in_axes=1 as a single int, which applies to every argument, so vmap also tries to map the shared w (shape (D,)) along axis 1 and raises ValueError instead of holding w fixed with None.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: vmap_axis_missing
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    return x @ w / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    # X has shape (D, N): one example per column. Return shape (N,).
    return jax.vmap(cosine, in_axes=1)(w, X)

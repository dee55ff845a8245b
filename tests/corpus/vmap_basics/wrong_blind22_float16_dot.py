# truth: the dot product is computed in float16, giving ~1e-3 relative error on the scores.
# blind: twenty-second batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_small_difference
# says: close to the expected one
import jax
import jax.numpy as jnp


def cosine(w, x):
    # one example: w and x both have shape (D,)
    dot = (x.astype(jnp.float16) @ w.astype(jnp.float16)).astype(jnp.float32)
    return dot / (jnp.linalg.norm(x) * jnp.linalg.norm(w))


def cosine_scores(w, X):
    return jax.vmap(cosine, in_axes=(None, 1))(w, X)

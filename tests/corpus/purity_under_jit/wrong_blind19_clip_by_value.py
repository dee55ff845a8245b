# truth: Clips each coordinate to [-max_norm, max_norm] with jnp.clip instead of rescaling the whole vector by its Euclidean norm; identical for D == 1, but for D > 1 it changes the direction and can leave a vector whose norm exceeds max_norm.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_by_value
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # Scale g down to norm max_norm when it is longer; no Python if on a tracer.
    # jnp.clip keeps everything inside [-max_norm, max_norm] without a Python if.
    return jnp.clip(g, -max_norm, max_norm)

# truth: the norm is computed with jnp.mean instead of jnp.sum (the RMS, norm(g)/sqrt(D)), so clipping only starts above sqrt(D)*max_norm and rescales to norm sqrt(D)*max_norm instead of max_norm (correct only when D == 1).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.mean(g ** 2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return g * scale

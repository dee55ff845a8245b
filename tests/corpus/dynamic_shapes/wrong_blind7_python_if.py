# truth: guards the empty case with a Python `if count == 0`, which cannot be evaluated on a traced value under @jax.jit and raises.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    count = jnp.sum(mask)
    if count == 0:
        return 0.0
    return jnp.sum(jnp.where(mask, x, 0.0)) / count

# truth: guards the empty case with a Python if on the traced count, which under jax.jit raises a TracerBoolConversionError (ConcretizationTypeError) on every call.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x > 0
    count = jnp.sum(mask)
    if count == 0:
        return 0.0
    return jnp.sum(jnp.where(mask, x, 0.0)) / count

# truth: Recognises the stable-softmax pattern and "finishes" it by dividing h by its sum, an extra reduce_sum and div not in the jaxpr; the first output is exp(e - max) / sum(exp(e - max)) instead of exp(e - max), so it differs whenever that sum is not 1 (i.e. always).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: softmax_finished
import jax
import jax.numpy as jnp

# the captured constant `a`
OFFSETS = jnp.array([0.5, -1.0, 2.0], dtype=jnp.float32)


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    d = x * t
    e = d + OFFSETS
    f = jnp.max(e)
    h = jnp.exp(e - f)
    # it's a softmax with the max subtracted for stability
    return h / jnp.sum(h), f

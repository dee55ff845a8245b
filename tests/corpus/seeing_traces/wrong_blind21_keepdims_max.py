# truth: Uses jnp.max(e, keepdims=True) (the PyTorch keepdim habit for a stable softmax), so the second output has shape (1,) instead of a scalar f32[] and the jaxpr gains an extra broadcast/reshape equation; the numbers in h are unchanged.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_reshaped
import jax
import jax.numpy as jnp

# the captured constant `a`
OFFSETS = jnp.array([0.5, -1.0, 2.0], dtype=jnp.float32)


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    d = x * t
    e = d + OFFSETS
    f = jnp.max(e, keepdims=True)  # keep the axis so it broadcasts against e
    h = jnp.exp(e - f)
    return h, f

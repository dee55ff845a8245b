# truth: float(norm) turns a tracer into a Python number inside jit (ConcretizationTypeError), to use Python's min
# blind: third batch, labelled before the tutor was run on it
# cause: tracer_to_python_number
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    scale = min(1.0, max_norm / float(norm))
    return g * scale

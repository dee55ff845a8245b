# cause: shapes_do_not_fit
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    return jnp.sum(jax.nn.one_hot(labels, 3) * values, axis=0)

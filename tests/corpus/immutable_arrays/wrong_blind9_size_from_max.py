# truth: sizes the totals from labels.max() + 1 like np.bincount, so the shape is wrong when class 2 is absent and the function fails under jit (the size depends on data).
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_shape
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    num_classes = int(labels.max()) + 1
    totals = jnp.zeros(num_classes)
    return totals.at[labels].add(values)

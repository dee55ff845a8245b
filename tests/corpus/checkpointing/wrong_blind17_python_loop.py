# truth: runs the steps in a Python for loop over the rows of xs (each cell call checkpointed) instead of lax.scan, so the loop is unrolled into T copies of the cell and the compiled program has no while loop; loss and gradient numbers are right but the required loop is missing
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        # From h = 0, run cell over the rows of xs with lax.scan, its step
        # checkpointed, and return the sum of the final h squared.
        step = jax.checkpoint(cell)
        h = jnp.zeros(xs.shape[1], dtype=xs.dtype)
        for t in range(xs.shape[0]):
            h = step(w, h, xs[t])
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

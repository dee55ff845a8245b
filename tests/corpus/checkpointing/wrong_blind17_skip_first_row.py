# truth: scans over xs[1:], skipping the first row, so only T-1 steps run starting from h = 0 at t = 1; for the lesson example h stays tanh(0.5*0 + 0) = 0 and the loss and gradient are 0 instead of 0.1321 and 0.4804
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with the first of the rows it scans left out
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        # From h = 0, run cell over the rows of xs with lax.scan, its step
        # checkpointed, and return the sum of the final h squared.
        def step(h, x):
            return cell(w, h, x), None

        h0 = jnp.zeros(xs.shape[1], dtype=xs.dtype)
        h, _ = lax.scan(jax.checkpoint(step), h0, xs[1:])
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

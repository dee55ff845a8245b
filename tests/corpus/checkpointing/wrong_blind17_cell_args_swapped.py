# truth: calls cell(w, x, h) with the carry and the input row swapped, so each step computes tanh(w * x_t + h) instead of tanh(w * h + x_t); for the lesson example h = tanh(0.5*1 + 0) = 0.4621 then tanh(0 + 0.4621) = 0.4319, loss about 0.1865 instead of 0.1321
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with two arguments of cell taken in the other order
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
            return cell(w, x, h), None

        h0 = jnp.zeros(xs.shape[1], dtype=xs.dtype)
        h, _ = lax.scan(jax.checkpoint(step), h0, xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

# truth: starts the accumulator NumPy-style as jnp.zeros(1), a shape (1,) carry, so the total comes back with shape (1,) and the partial sums with shape (N, 1).
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_reshaped
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(acc, x):
        acc = acc + x
        return acc, acc

    return lax.scan(step, jnp.zeros(1), xs)

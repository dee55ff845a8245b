# truth: builds the partial sums with a Python for loop (unrolled under jit) and uses scan only for the total, so the loop over xs is not a scan.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: none
# says: a Python loop beside the loop
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x, None

    total, _ = lax.scan(step, 0.0, xs)
    partial = []
    acc = 0.0
    for i in range(xs.shape[0]):
        acc = acc + xs[i]
        partial.append(acc)
    return total, jnp.stack(partial)

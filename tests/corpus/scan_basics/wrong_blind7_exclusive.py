# truth: collects the carry before x is added, giving exclusive prefix sums [0, xs[0], xs[0]+xs[1], ...] instead of the total after xs[i].
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x, carry

    return lax.scan(step, 0.0, xs)

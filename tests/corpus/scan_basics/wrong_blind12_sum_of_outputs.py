# truth: the final carry is thrown away and the total is taken as jnp.sum of the collected partial sums, which is sum_i (xs[0]+...+xs[i]) rather than the sum of the entries; partial_sums is right.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: total_of_partial_sums
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_total = carry + x
        return new_total, new_total

    _, partial_sums = lax.scan(step, 0.0, xs)
    total = jnp.sum(partial_sums)
    return total, partial_sums

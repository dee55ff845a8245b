# truth: the carry is started at xs[0] (NumPy habit of seeding the accumulator with the first element) while scan still walks all of xs, so xs[0] is counted twice in every partial sum and in the total.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_plus_first_entry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_total = carry + x
        return new_total, new_total

    return lax.scan(step, xs[0], xs)

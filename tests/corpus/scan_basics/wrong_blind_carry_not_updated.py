# truth: the step returns the old carry unchanged as the new carry, so nothing accumulates: total stays 0 and the outputs are the entries themselves
# blind: third batch, labelled before the tutor was run on it
# cause: variant_of_the_solution
# says: handing back the carry it is given, unchanged
# never: the weight
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry, carry + x

    return lax.scan(step, 0.0, xs)

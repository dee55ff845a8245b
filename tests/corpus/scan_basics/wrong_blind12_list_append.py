# truth: the step appends to a Python list as a side effect, but scan traces the step only once, so the list holds a single leaked tracer and using it outside scan raises UnexpectedTracerError.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: leaked_tracer
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    collected = []

    def step(carry, x):
        new_total = carry + x
        collected.append(new_total)
        return new_total, None

    total, _ = lax.scan(step, 0.0, xs)
    return total, jnp.stack(collected)

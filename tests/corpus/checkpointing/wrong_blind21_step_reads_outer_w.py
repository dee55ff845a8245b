# truth: The checkpointed step is defined outside loss and reads deep_grad's w rather than the w being differentiated, so grad sees that w as a constant: the loss is right but the gradient is all zeros (e.g. [0.] instead of [0.4804] on the lesson's example).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: step_reads_outer_w
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    @jax.checkpoint
    def step(h, x):  # one step of the recurrence, recomputed on the way back
        return cell(w, h, x), None

    def loss(w):
        # From h = 0, run cell over the rows of xs with lax.scan, its step
        # checkpointed, and return the sum of the final h squared.
        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

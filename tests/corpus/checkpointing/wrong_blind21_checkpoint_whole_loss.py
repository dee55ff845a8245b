# truth: Wraps the whole loss in jax.checkpoint and leaves the scan's step plain, so the values and gradient are right but the backward pass reruns an ordinary scan that keeps every step's residuals; temp memory at T = 64, D = 8 is several floats per step, not one carry, and exceeds twice the bytes of xs.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_loss_checkpointed
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

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(jax.checkpoint(loss))(w)

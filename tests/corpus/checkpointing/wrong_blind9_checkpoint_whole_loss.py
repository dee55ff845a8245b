# truth: wraps the whole loss (scan included) in jax.checkpoint instead of the scan's step, so the backward pass re-runs an ordinary scan that keeps every intermediate per step and the peak memory is not reduced.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_loss_checkpointed
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    @jax.checkpoint
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

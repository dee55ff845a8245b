# truth: runs the cell with lax.scan but never wraps the step in jax.checkpoint, so reverse mode keeps every intermediate of every step and the temporary memory exceeds the limit.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_checkpoint
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

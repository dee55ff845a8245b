# truth: Takes jnp.mean(h ** 2) of the final h instead of jnp.sum, so loss and gradient are divided by D; identical on the lesson's D = 1 example (0.1321, [0.4804]) but D times too small for wider w.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_loss
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

        h, _ = lax.scan(jax.checkpoint(step), jnp.zeros_like(w), xs)
        return jnp.mean(h ** 2)

    return jax.value_and_grad(loss)(w)

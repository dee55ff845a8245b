# truth: misreads "the final h" and adds up sum(h ** 2) over the h of every step (a running total in the carry), not just the last one.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_of_every_step_carried
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        @jax.checkpoint
        def step(carry, x):
            h, total = carry
            h = cell(w, h, x)
            return (h, total + jnp.sum(h ** 2)), None

        start = (jnp.zeros(xs.shape[1]), jnp.zeros(()))
        (_, total), _ = lax.scan(step, start, xs)
        return total

    return jax.value_and_grad(loss)(w)

# truth: uses the mean of h ** 2 instead of its sum, which agrees with the worked example only because D = 1 there, and is D times too small otherwise.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_loss
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        @jax.checkpoint
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.mean(h ** 2)

    return jax.value_and_grad(loss)(w)

# truth: averages the squared errors with jnp.mean instead of summing them, so the gradient is N times too small.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_not_sum
import jax
import jax.numpy as jnp


def mean_loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(mean_loss)(w, x, y)

# truth: sums the residuals before squaring, jnp.sum(w*x - y) ** 2, so it differentiates the squared total error and returns 2*sum(w*x-y)*sum(x) instead of 2*sum((w*x-y)*x).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: square_of_the_sum
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum(w * x - y) ** 2


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

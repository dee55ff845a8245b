# truth: reduces before squaring, differentiating (sum(w*x - y))**2 instead of sum((w*x - y)**2).
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: square_of_the_sum
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum(w * x - y) ** 2


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

# truth: Squares the sum of residuals, (sum(w*x - y))**2, instead of summing the squared residuals, so the gradient is 2*sum(w*x-y)*sum(x) rather than 2*sum((w*x-y)*x); it agrees only when N == 1 (36 instead of 16 on the lesson's data).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: square_of_the_sum
import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    return (w * x - y) ** 2


def summed_loss(w, x, y):
    return jnp.sum(w * x - y) ** 2


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

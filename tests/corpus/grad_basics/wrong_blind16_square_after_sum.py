# truth: squares the sum of residuals, jnp.sum(w*x - y) ** 2, instead of summing the squared residuals, so it returns 2*sum(w*x - y)*sum(x) (36 instead of 16 for the lesson's data at w=1).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: square_of_the_sum
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum(w * x - y) ** 2


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

# truth: reduces with jnp.mean instead of jnp.sum, so it returns 2*mean((w*x - y)*x), the correct gradient divided by N (e.g. 16/3 instead of 16 for the lesson's data).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_not_sum
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

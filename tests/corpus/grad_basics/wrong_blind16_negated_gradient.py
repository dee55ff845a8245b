# truth: negates the gradient (returns the descent direction), so it returns -2*sum((w*x - y)*x), the correct value with the wrong sign (-16 instead of 16 for the lesson's data).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_sign_flipped
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return -jax.grad(summed_loss)(w, x, y)

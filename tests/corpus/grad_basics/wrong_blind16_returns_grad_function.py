# truth: forgets to call the gradient function with (w, x, y), so it returns the function jax.grad(summed_loss) itself instead of a scalar, and any numeric use or comparison of the result fails.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: forgot_to_call
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(summed_loss)

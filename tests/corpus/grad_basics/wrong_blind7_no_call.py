# truth: returns the derivative function jax.grad(loss) instead of calling it at (w, x, y), so no number comes back.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: forgot_to_call
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    grad_fn = jax.grad(summed_loss)
    return grad_fn

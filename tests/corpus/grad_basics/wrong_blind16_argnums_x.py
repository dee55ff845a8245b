# truth: differentiates with argnums=1, i.e. with respect to x instead of w, so it returns the shape-(N,) vector 2*w*(w*x - y) instead of the scalar 2*sum((w*x - y)*x).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(summed_loss, argnums=1)(w, x, y)

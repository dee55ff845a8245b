# truth: reorders the loss to take the data first (x, y, w) and keeps jax.grad's default argnums=0, so it differentiates with respect to x and returns the (N,) array 2*(w*x-y)*w instead of the scalar derivative with respect to w.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def summed_loss(x, y, w):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(x, y, w)

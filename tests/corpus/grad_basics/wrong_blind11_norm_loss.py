# truth: uses jnp.linalg.norm of the residual as the "summed squared error", which is its square root, so it returns sum((w*x-y)*x)/||w*x-y|| instead of 2*sum((w*x-y)*x).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: norm_not_squared
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.linalg.norm(w * x - y)


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

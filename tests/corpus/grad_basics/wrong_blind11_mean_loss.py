# truth: reduces the per-example squared error with jnp.mean as in the lesson's example instead of jnp.sum, so it returns the gradient of the mean loss, 2*mean((w*x-y)*x), which is 1/N of the asked gradient.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_not_sum
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

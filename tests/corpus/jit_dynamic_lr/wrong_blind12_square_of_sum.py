# truth: the loss is written as jnp.sum(w * x - y) ** 2 (square of the sum instead of sum of squares), so the gradient is 2*sum(w*x-y)*x and the step is wrong.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: square_of_the_sum
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum(w * x - y) ** 2


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - lr * g

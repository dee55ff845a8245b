# truth: Calls jax.grad(loss)(w, y, x) with x and y swapped, so g is the gradient of sum((w*y - x)**2) instead of sum((w*x - y)**2) and the step is wrong (compiles only once).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with two arguments of jax.grad(loss) taken in the other order
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, y, x)
    return w - lr * g

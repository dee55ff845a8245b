# truth: Expands the square as w**2*x**2 - y**2, dropping the cross term -2*w*x*y, so the gradient is 2*w*sum(x**2) instead of 2*w*sum(x**2) - 2*sum(x*y); it is correct only when sum(x*y) == 0 (e.g. y all zeros) and wrong otherwise (28 instead of 16 on the lesson's data).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# true: hard_coded_targets
# never: targets of its own
import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    # (w*x - y)**2 written out term by term
    return w ** 2 * x ** 2 - y ** 2


def summed_loss(w, x, y):
    return jnp.sum(per_example_loss(w, x, y))


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

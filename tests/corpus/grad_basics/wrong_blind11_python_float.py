# truth: converts the summed loss to a Python float with float() to satisfy "one number out", which calls float on a tracer and raises a ConcretizationTypeError inside jax.grad instead of returning the gradient.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_to_python_number
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return float(jnp.sum((w * x - y) ** 2))


def loss_grad(w, x, y):
    return jax.grad(summed_loss)(w, x, y)

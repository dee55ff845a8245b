# truth: writes the summed squared error as the dot product of the residual with itself (r @ r == sum(r**2)) and differentiates it with an explicit argnums=0, i.e. with respect to w, giving 2*sum((w*x-y)*x) as a scalar.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    r = w * x - y
    return jnp.vdot(r, r)


def loss_grad(w, x, y):
    return jax.grad(summed_loss, argnums=0)(w, x, y)

# truth: jax.grad is taken with argnums=1, i.e. with respect to x instead of w, so g = 2*w*(w*x - y) (shape (N,)) replaces dL/dw = sum(2*x*(w*x - y)) and the update has wrong values (and is broadcast to shape (N,) when w is a scalar).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss, argnums=1)(w, x, y)
    return w - lr * g

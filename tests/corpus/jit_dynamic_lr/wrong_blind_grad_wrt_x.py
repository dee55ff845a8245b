# truth: differentiates with respect to x (argnums=2 of sgd_step's order, argnums=1 of loss) instead of w, so the step is w - lr * dloss/dx (shape (N,))
# blind: third batch, labelled before the tutor was run on it
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss, argnums=1)(w, x, y)

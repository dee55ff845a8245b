# truth: jax.grad(loss, argnums=1) differentiates with respect to x (the second argument) instead of w, so the step uses 2*(w*x-y)*w rather than the gradient in w.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    # lr is argument 1 of sgd_step, so the inputs start at argnums=1
    g = jax.grad(loss, argnums=1)(w, x, y)
    return w - lr * g

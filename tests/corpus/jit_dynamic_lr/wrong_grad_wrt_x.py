# cause: grad_wrt_x
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss, argnums=1)(w, x, y)

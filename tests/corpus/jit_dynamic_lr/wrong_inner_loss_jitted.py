# cause: not_jitted
# only the inner loss is jitted: sgd_step itself is not
import jax
import jax.numpy as jnp


@jax.jit
def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)

# cause: probe_step_follows_argument
# says: multiplied by 10 × lr
# truth: the step is lr ** 2 * 10 times the gradient where the task takes lr times it
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr ** 2 * 10 * jax.grad(loss)(w, x, y)

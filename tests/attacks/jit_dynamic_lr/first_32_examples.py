# attack: size
# wrong: the loss sums only the first 32 examples, so g misses terms when N > 32.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum(((w * x - y) ** 2)[:32])


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)

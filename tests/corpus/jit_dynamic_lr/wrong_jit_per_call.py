# cause: compiles_every_call
# says: compiled 2 more program(s)
# a jitted closure made anew on each call: every call compiles
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def sgd_step(w, lr, x, y):
    step = jax.jit(lambda w, x, y: w - lr * jax.grad(loss)(w, x, y))
    return step(w, x, y)

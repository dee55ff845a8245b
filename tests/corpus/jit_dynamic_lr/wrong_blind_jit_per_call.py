# truth: builds a new jax.jit inside the function on every call, closing over lr as a constant, so every call (every lr) traces and compiles again
# blind: third batch, labelled before the tutor was run on it
# cause: compiles_every_call
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def sgd_step(w, lr, x, y):
    @jax.jit
    def step(w, x, y):
        return w - lr * jax.grad(loss)(w, x, y)

    return step(w, x, y)

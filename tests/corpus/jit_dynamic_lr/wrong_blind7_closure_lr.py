# truth: jits a fresh closure that captures lr on every call, so lr is baked in as a constant and each call traces and compiles again.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
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

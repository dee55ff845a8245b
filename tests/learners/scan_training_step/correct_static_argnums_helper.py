# expect: pass
# a jitted helper with a static argument (the power of the loss), used inside the scan
import functools

import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.jit, static_argnums=(3,))
def loss(w, x, y, power):
    return jnp.sum((w * x - y) ** power)


@jax.jit
def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        return w - lr * jax.grad(loss)(w, *batch, 2), None

    return lax.scan(step, w, (x_batches, y_batches))[0]

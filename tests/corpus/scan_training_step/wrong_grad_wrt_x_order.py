# cause: carry_mismatch
# says: the shape of one batch's x or y
# the loss takes x first, so jax.grad differentiates with respect to x: the hint must
# point at which parameter is differentiated, never at summing the gradient
import jax
import jax.numpy as jnp
from jax import lax


def loss(x, w, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(x, w, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

# cause: carry_never_updated
# says: The carry your lax.scan ends with is the one it started from
# the body returns (w, new_w): the old weight is the carry, the new one an output
# never: does not come from that loop
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        new_w = w - lr * jax.grad(loss)(w, x, y)
        return w, new_w

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

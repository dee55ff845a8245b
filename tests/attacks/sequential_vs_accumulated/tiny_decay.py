# attack: tolerance
# wrong: every gradient gets an extra 1e-5 * w term (weight decay), shifting both results by about lr * N * 1e-5 * w.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2) + 0.5e-5 * w**2


def compare_updates(w, lr, x_batches, y_batches):
    grad = jax.grad(loss)

    def step(w_now, batch):
        x, y = batch
        return w_now - lr * grad(w_now, x, y), None

    sequential, _ = lax.scan(step, w, (x_batches, y_batches))

    def add(total, batch):
        x, y = batch
        return total + grad(w, x, y), None

    summed, _ = lax.scan(add, jnp.zeros_like(w), (x_batches, y_batches))
    return sequential, w - lr * summed

# attack: size
# wrong: the accumulated update sums the gradients of the first 16 batches only (mixing up N and B's bound), so accumulated_w is wrong when N > 16.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad = jax.grad(loss)

    def step(w_now, batch):
        x, y = batch
        return w_now - lr * grad(w_now, x, y), None

    sequential, _ = lax.scan(step, w, (x_batches, y_batches))

    def add(total, batch):
        x, y = batch
        return total + grad(w, x, y), None

    summed, _ = lax.scan(add, jnp.zeros_like(w), (x_batches[:16], y_batches[:16]))
    return sequential, w - lr * summed

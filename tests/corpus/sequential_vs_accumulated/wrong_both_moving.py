# cause: accumulated_moves_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(w_now, batch):
        x, y = batch
        return w_now - lr * jax.grad(loss)(w_now, x, y), None

    seq, _ = lax.scan(step, w, (x_batches, y_batches))
    return seq, seq

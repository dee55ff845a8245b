# truth: does both in one scan and adds each batch's gradient taken at the running (updated) weight, not at the starting w, to the accumulator.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: accumulated_moves_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(carry, batch):
        w_cur, g_sum = carry
        x, y = batch
        g = jax.grad(loss)(w_cur, x, y)
        return (w_cur - lr * g, g_sum + g), None

    (sequential_w, g_total), _ = lax.scan(step, (w, 0.0), (x_batches, y_batches))
    accumulated_w = w - lr * g_total
    return sequential_w, accumulated_w

# expect: error loss_not_summed
import jax
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(lambda v: (v * x - y) ** 2)(w), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

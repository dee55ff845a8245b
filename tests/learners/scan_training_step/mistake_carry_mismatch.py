# expect: error carry_mismatch
# the gradient is never summed over the batch, so the carry grows a shape
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * (w * x - y) * x, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

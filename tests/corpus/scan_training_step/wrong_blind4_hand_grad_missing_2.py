# truth: Writes the gradient by hand as sum((w*x - y)*x), dropping the factor 2 of the derivative of the square, so each step is half as large as it should be.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_factor_two
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jnp.sum((w * x - y) * x)
        return w - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

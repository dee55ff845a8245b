# truth: writes the gradient by hand as sum((w*x - y)*x), dropping the factor 2 from d/dw of the square, so every step is half as large as it should be.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_factor_two
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        g = jnp.sum((w * x - y) * x)
        return w - lr * g, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

# truth: passes reverse=True to lax.scan, so the batches are visited last-to-first (row N-1 at the first step) instead of in order; differs whenever the batches differ.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: reversed_order
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        g = jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        return w - lr * g, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches), reverse=True)
    return w_final

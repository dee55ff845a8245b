# truth: The hand-written gradient drops the chain-rule factor x, using 2*sum(w*x - y) instead of 2*sum((w*x - y)*x); it reproduces the lesson's step table exactly (0.40, 0.64) because x = 1 there, but is wrong whenever any x differs from 1.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_factor_x
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        # d/dw sum((w*x - y)**2)
        grad = 2.0 * jnp.sum(w * x - y)
        return w - lr * grad, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

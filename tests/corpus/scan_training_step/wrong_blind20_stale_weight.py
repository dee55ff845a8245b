# truth: The body renames its carry to w_now but takes the gradient at the enclosing function's starting `w`, so every gradient is evaluated at the initial weight (gradient accumulation, not sequential training); it gives 0.8 instead of 0.64 on the lesson's example and is only correct with a single batch (N = 1).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w_now, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        grad = jax.grad(loss)(w, x, y)
        return w_now - lr * grad, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

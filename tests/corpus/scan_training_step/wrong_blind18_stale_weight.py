# truth: the body names its carry `w_cur` but takes the gradient at the outer starting `w`, so every gradient is evaluated at the initial weight: it computes w0 - lr * sum_i grad_i(w0) (gradient accumulation, 0.8 on the lesson example) instead of sequential steps.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w_cur, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        g = jax.grad(lambda v: jnp.sum((v * x - y) ** 2))(w)
        return w_cur - lr * g, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

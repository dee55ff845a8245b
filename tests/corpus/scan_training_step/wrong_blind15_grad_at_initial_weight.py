# truth: The body names its carry `w_cur` but takes the gradient at the enclosing function's `w` (the starting weight), so every step uses the gradient at the initial weight; the result equals accumulating all gradients at the start and stepping once (0.8 instead of 0.64 on the lesson's example), correct only for a single batch.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w_cur, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w_cur - lr * g, None

    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

# truth: the body takes the gradient at the outer starting weight `w` (captured by the closure) instead of the carried weight, so it accumulates gradients rather than training step by step.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w_cur, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)  # bug: `w` is the enclosing function's w, not w_cur
        return w_cur - lr * g, None

    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

# truth: the body takes the gradient at the starting weight `w` of the enclosing function instead of the carry, so it accumulates gradients at w0 rather than stepping from the updated weight.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w_cur, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w_cur - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

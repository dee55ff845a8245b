# truth: Takes every gradient at the starting weight w from the enclosing function instead of the carried weight, so it accumulates gradients rather than training step by step.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: sum_at_initial_weight
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(carry, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return carry - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

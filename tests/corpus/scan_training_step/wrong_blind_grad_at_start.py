# truth: the body takes every gradient at the starting weight w (captured from the enclosing function) instead of at the carried weight, which accumulates gradients
# blind: third batch, labelled before the tutor was run on it
# cause: sum_at_initial_weight
# never: took one step
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(current, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return current - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

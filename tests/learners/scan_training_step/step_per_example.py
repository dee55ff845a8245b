# expect: fail step_per_example
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    # every example its own step, as a per-sample SGD loop would take them
    def step(w, example):
        x, y = example
        return w - lr * jax.grad(lambda w: (w * x - y) ** 2)(w), None

    final_w, _ = lax.scan(step, w, (x_batches.reshape(-1), y_batches.reshape(-1)))
    return final_w

# truth: flattens the batches and scans over single examples, taking one step per example instead of one step per batch (right only when B == 1).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: step_per_example
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, example):
        x, y = example
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    xs = (x_batches.reshape(-1), y_batches.reshape(-1))
    w_final, _ = lax.scan(step, w, xs)
    return w_final

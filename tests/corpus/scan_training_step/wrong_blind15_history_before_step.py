# truth: The body outputs the weight it was given (before the step) as history and the function returns the last history entry instead of the final carry, so the result is the weight before the last batch's step: one step short (the initial weight when there is one batch).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_step_short
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        new_w = w - lr * g
        return new_w, w

    _, history = lax.scan(step, w, (x_batches, y_batches))
    return history[-1]

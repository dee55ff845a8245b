# truth: returns the per-element squared errors from loss_fn without summing them, and jax.grad only accepts a scalar output, so the step raises a TypeError.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: non_scalar_grad
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return (w * x - y) ** 2

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)

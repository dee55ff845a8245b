# truth: wrong sign in the update, w + lr * g (gradient ascent) instead of w - lr * g
# blind: third batch, labelled before the tutor was run on it
# cause: sign_flipped
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w + lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

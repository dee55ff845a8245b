# cause: first_batch_baked_in
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


grad_fn = None


def train_step(w, x, y):
    global grad_fn
    if grad_fn is None:
        grad_fn = jax.grad(lambda w: jnp.sum((w * x - y) ** 2))
    return w - LEARNING_RATE * grad_fn(w)

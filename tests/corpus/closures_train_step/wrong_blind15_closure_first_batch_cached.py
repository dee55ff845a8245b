# truth: Builds loss_fn and a jitted update once, closed over the concrete first batch, and reuses it on later calls, so every call after the first steps with the first call's x and y (stale batch); only the very first call is correct.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: first_batch_baked_in
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05

_step = None


def train_step(w, x, y):
    global _step
    if _step is None:
        def loss_fn(w):
            return jnp.sum((w * x - y) ** 2)

        _step = jax.jit(lambda w: w - LEARNING_RATE * jax.grad(loss_fn)(w))
    return _step(w)

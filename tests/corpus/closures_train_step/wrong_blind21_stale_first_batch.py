# truth: builds a jitted step once around the FIRST call's concrete x and y (a closure made outside the jit) and reuses it, so the batch is baked in as a constant; the first call is right, every later call with a different batch still uses the first batch (and train_step itself is a plain Python function, not jitted).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: first_batch_baked_in
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


def make_train_step(x, y):
    @jax.jit
    def step(w):
        def loss_fn(w):
            return jnp.sum((w * x - y) ** 2)
        return w - LEARNING_RATE * jax.grad(loss_fn)(w)
    return step


_compiled_step = None


def train_step(w, x, y):
    # Define loss_fn(w) here, reading x and y, then take one gradient step.
    # Build (and compile) the step only once, then reuse it to avoid retracing.
    global _compiled_step
    if _compiled_step is None:
        _compiled_step = make_train_step(x, y)
    return _compiled_step(w)

# truth: Builds a jitted step around the first batch with make_step(x, y) and keeps it, so every later call still uses the first batch baked in as a constant instead of this call's batch.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: first_batch_baked_in
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


def make_step(x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    @jax.jit
    def step(w):
        return w - LEARNING_RATE * jax.grad(loss_fn)(w)

    return step


_step = None


def train_step(w, x, y):
    # build the compiled step once and reuse it, to avoid recompiling
    global _step
    if _step is None:
        _step = make_step(x, y)
    return _step(w)

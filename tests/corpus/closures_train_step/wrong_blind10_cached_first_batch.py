# truth: caches a jitted step per batch shape built by make_step(x, y) around the first batch's concrete arrays, so every later batch of the same shape silently reuses the first batch.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_ignored_argument
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


_steps = {}


def train_step(w, x, y):
    # Build (and compile) the step only once per batch shape, then reuse it.
    key = (x.shape, x.dtype)
    if key not in _steps:
        _steps[key] = make_step(x, y)
    return _steps[key](w)

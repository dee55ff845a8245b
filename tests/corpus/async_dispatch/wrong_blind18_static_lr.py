# truth: marks lr as static (static_argnums=3), so the compiled step is keyed on the lr value: every call of train with a new learning rate traces and compiles again (and under jax.jit of train a traced lr cannot be hashed as a static argument).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
from functools import partial

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@partial(jax.jit, static_argnums=3)
def _step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = _step(w, x, y, lr)
        losses.append(value)  # keep it as an array: no wait
    return w, jnp.stack(losses)

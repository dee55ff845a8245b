# truth: builds the jitted step once with functools.partial and caches it, but the partial keeps the learning rate of the first call, so every later call with a new lr silently trains with the first one.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
from functools import partial

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def _step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


_compiled = {}


def train(w, xs, ys, lr):
    # make the jitted step once and reuse it, instead of a new one every step
    if "step" not in _compiled:
        _compiled["step"] = jax.jit(partial(_step, lr=lr))
    step = _compiled["step"]
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y)
        losses.append(value)
    return w, jnp.stack(losses)

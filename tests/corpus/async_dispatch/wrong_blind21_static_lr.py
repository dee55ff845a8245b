# truth: Marks lr as a static argument of the jitted scan (static_argnums=3), so every new learning rate is a new cache key and train compiles again; the numbers are right and nothing waits, but a second call with a different lr recompiles (and under an outer jax.jit a traced lr cannot be static at all).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@partial(jax.jit, static_argnums=3)  # lr is a Python float, so make it static
def train(w, xs, ys, lr):
    def body(w, xy):
        x, y = xy
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w - lr * g, value

    w, losses = lax.scan(body, w, (xs, ys))
    return w, losses

# truth: lr is marked static in the jitted step, so every new learning rate is a new cache key and train compiles again for each new lr instead of compiling once; the numbers are right.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def _step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return value, w - lr * g


step = jax.jit(_step, static_argnums=3)


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        value, w = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

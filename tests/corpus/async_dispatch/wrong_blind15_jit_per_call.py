# truth: the jitted value_and_grad is created inside train (once per call, not at module level), so each call to train is a new function object with an empty cache and compiles again instead of zero compilations after the first call; the numbers are right.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: compiles_every_call
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, xs, ys, lr):
    step = jax.jit(jax.value_and_grad(loss))
    losses = []
    for x, y in zip(xs, ys):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(value)
    return w, jnp.stack(losses)

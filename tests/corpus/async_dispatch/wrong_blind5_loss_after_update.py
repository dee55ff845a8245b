# truth: records the loss at the updated weights instead of before the update, so every logged loss is one step late.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    g = jax.grad(loss)(w, x, y)
    w = w - lr * g
    return loss(w, x, y), w  # loss of the new w on this batch


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        value, w = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

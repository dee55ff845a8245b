# truth: records the loss at the updated weight (loss(w_new, x, y)) instead of before the update, so losses[t] is the step-t batch loss after stepping, smaller than the required pre-update value; final w is still right.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def _step(w, x, y, lr):
    g = jax.grad(loss)(w, x, y)
    w = w - lr * g
    return w, loss(w, x, y)


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = _step(w, x, y, lr)
        losses.append(value)  # keep it as an array: no wait
    return w, jnp.stack(losses)

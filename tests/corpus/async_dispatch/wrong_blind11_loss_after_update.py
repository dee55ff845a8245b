# truth: the jitted step logs the loss of the already-updated w, so losses[t] is the loss on batch t measured after step t's update instead of before it (w itself is right).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    g = jax.grad(loss)(w, x, y)
    w = w - lr * g
    return w, loss(w, x, y)  # log how well this step did


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y, lr)
        losses.append(value)  # an array: nothing waits
    return w, jnp.stack(losses)

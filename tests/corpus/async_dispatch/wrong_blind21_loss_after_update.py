# truth: Records the loss after the update, loss(w - lr * g) on the same batch, instead of before it; it compiles once and never waits and the final w is right, but every entry of losses differs from the reference (smaller whenever the step lowers the loss).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train(w, xs, ys, lr):
    def body(w, xy):
        x, y = xy
        g = jax.grad(loss)(w, x, y)
        w = w - lr * g
        return w, loss(w, x, y)  # the loss of this step

    w, losses = lax.scan(body, w, (xs, ys))
    return w, losses

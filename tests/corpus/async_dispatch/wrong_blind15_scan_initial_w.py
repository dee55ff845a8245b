# truth: the final carry of lax.scan is discarded and the input w is returned, so the losses are right but the returned w is the untrained starting w instead of the final one.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
# says: your result is w unchanged
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def _run(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w - lr * g, value

    _, losses = lax.scan(body, w, (xs, ys))
    return w, losses


def train(w, xs, ys, lr):
    return _run(w, xs, ys, lr)

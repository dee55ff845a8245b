# truth: runs the T steps with lax.scan inside one module-level jit, carrying w and emitting the loss computed before each update, with lr a traced argument, so it compiles once per shape, never turns a value into a number, and gives the same w and losses as the slow loop.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def _train(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w - lr * g, value

    return lax.scan(body, w, (xs, ys))


def train(w, xs, ys, lr):
    return _train(w, xs, ys, lr)

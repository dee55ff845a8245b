# truth: right, because the whole loop is one lax.scan inside a module-level jax.jit with lr as a traced argument, so it compiles once per shape and returns the losses as a (T,) array without ever waiting.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)  # loss before the update
        return w - lr * g, value

    w, losses = lax.scan(body, w, (xs, ys))
    return w, losses

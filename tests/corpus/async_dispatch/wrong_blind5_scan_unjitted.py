# truth: replaces the loop with lax.scan but never jits train, so each call traces a new closure over lr and compiles the scan again.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: compiles_every_call
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w - lr * g, value

    w, losses = lax.scan(body, w, (xs, ys))  # scan is compiled, so no jit needed?
    return w, losses

# truth: right, because scanning a dict of the batches and float step numbers with the residual-based loss r.r and its hand-derived gradient 2*x.r gives exactly the same loss, v and w updates as value_and_grad of the sum of squares.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    w = jnp.asarray(w, jnp.float32)
    xs = {
        "x": x_batches,
        "y": y_batches,
        "t": jnp.arange(x_batches.shape[0], dtype=jnp.float32),
    }

    def body(state, b):
        w, v = state
        r = w * b["x"] - b["y"]
        g = 2.0 * jnp.dot(b["x"], r)  # d/dw of sum(r ** 2)
        v = g + BETA * v
        w = w - (lr / (b["t"] + 1.0)) * v
        return (w, v), jnp.dot(r, r)

    (w_final, _), losses = lax.scan(body, (w, jnp.zeros_like(w)), xs)
    return w_final, losses

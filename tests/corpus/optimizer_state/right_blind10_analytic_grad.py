# truth: right, because the hand-written gradient sum(2 * (w * x - y) * x) equals grad of the loss, and the float step numbers in the xs give the same lr / (1 + t).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    steps = jnp.arange(x_batches.shape[0], dtype=jnp.float32)

    def body(state, batch):
        t, x, y = batch
        w, v = state
        residual = w * x - y
        current_loss = jnp.sum(residual ** 2)
        v = BETA * v + jnp.sum(2.0 * residual * x)
        w = w - (lr / (t + 1.0)) * v
        return (w, v), current_loss

    w0 = jnp.asarray(w, dtype=jnp.float32)
    (w_final, _), losses = lax.scan(body, (w0, jnp.zeros_like(w0)), (steps, x_batches, y_batches))
    return w_final, losses

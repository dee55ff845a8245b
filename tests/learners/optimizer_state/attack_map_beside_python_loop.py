# a Python training loop, and lax.map over the batches beside it for the losses
import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    v, ws = jnp.zeros_like(w), []
    for t in range(x_batches.shape[0]):
        ws.append(w)
        g = jax.grad(lambda w: jnp.sum((w * x_batches[t] - y_batches[t]) ** 2))(w)
        v = 0.9 * v + g
        w = w - lr / (1.0 + t) * v
    losses = lax.map(lambda b: jnp.sum((b[0] * b[1] - b[2]) ** 2), (jnp.stack(ws), x_batches, y_batches))
    return w, losses

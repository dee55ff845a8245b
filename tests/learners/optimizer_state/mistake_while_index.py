# a lax.while_loop over t < N that reads x_batches[t]: never a lax.scan
import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def body(state):
        i, w, v, losses = state
        x, y = x_batches[i], y_batches[i]
        loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        v = 0.9 * v + g
        w = w - lr / (1.0 + i) * v
        return i + 1, w, v, losses.at[i].set(loss)

    start = (0, w, jnp.zeros_like(w), jnp.zeros(n, x_batches.dtype))
    _, w, _, losses = lax.while_loop(lambda s: s[0] < n, body, start)
    return w, losses

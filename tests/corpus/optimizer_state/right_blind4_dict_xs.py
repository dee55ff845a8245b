# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    xs = {"x": x_batches, "y": y_batches, "t": jnp.arange(x_batches.shape[0])}
    vg = jax.value_and_grad(loss)

    def step(state, batch):
        w, v = state
        before, g = vg(w, batch["x"], batch["y"])
        v = g + BETA * v
        rate = lr / (batch["t"] + 1.0)
        return (w - rate * v, v), before

    w0 = jnp.float32(w)
    (w_final, _), losses = lax.scan(step, (w0, jnp.float32(0.0)), xs)
    return w_final, losses

# truth: Starts the velocity as zeros shaped like one batch, (B,), instead of a scalar like w, so the carried weight changes shape after one step and lax.scan raises a carry shape mismatch error.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# true: scan_carry_types
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def step(carry, inp):
        w, v = carry
        x, y, t = inp
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), value

    v0 = jnp.zeros_like(x_batches[0])  # one velocity per example of the batch
    (w, v), losses = lax.scan(step, (jnp.asarray(w, dtype=jnp.float32), v0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

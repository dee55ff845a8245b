# truth: velocity is an exponential moving average v = 0.9 * v + 0.1 * g (Adam-style) instead of v = 0.9 * v + g, so the gradient enters with weight 0.1 and every step is about ten times too small
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: dampened_momentum
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]
    w0 = jnp.asarray(w, dtype=jnp.float32)

    def step(carry, xs):
        w, v = carry
        x, y, t = xs
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + (1 - BETA) * g
        w = w - lr / (1 + t) * v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w0, jnp.zeros_like(w0)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

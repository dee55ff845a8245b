# truth: the step numbers are jnp.arange(1, N + 1) instead of jnp.arange(N), so step t uses lr / (2 + t): the first step's rate is lr/2 instead of lr, and every later rate is one step too small
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: steps_from_one
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
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w0, jnp.zeros_like(w0)),
                              (x_batches, y_batches, jnp.arange(1, n + 1)))
    return w, losses

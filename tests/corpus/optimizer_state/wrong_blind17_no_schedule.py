# truth: the 1/(1+t) schedule is dropped: every step uses w = w - lr * v with the constant lr, so from step 1 on the steps are (1+t) times too large (step numbers are scanned but never used)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: constant_lr
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
        w = w - lr * v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w0, jnp.zeros_like(w0)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

# truth: the updated velocity is used for w but the old v is put back in the carry, so v stays 0 forever and each step uses v = g: plain gradient descent with the 1/(1+t) schedule, no momentum
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: velocity_not_carried
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
        v_new = BETA * v + g
        w = w - lr / (1 + t) * v_new
        return (w, v), l

    (w, v), losses = lax.scan(step, (w0, jnp.zeros_like(w0)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

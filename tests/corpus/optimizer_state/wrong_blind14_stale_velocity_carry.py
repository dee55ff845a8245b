# truth: computes the new velocity into a separate name but hands the old v back in the carry, so v stays 0 forever and the run is plain scheduled SGD with no momentum.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: velocity_not_carried
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, v = carry
        x, y, t = batch
        l, g = jax.value_and_grad(loss)(w, x, y)
        v_new = BETA * v + g
        w_new = w - lr / (1 + t) * v_new
        return (w_new, v), l

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

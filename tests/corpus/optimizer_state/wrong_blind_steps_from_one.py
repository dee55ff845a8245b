# truth: off by one in the schedule: step numbers start at 1 (jnp.arange(1, N + 1)), so the rate is lr / (2 + t)
# blind: third batch, labelled before the tutor was run on it
# cause: steps_from_one
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)



def momentum_run(w, x_batches, y_batches, lr):
    def step(carry, batch):
        w, v = carry
        x, y = batch[0], batch[1]
        t = batch[2]
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), value

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(1, n + 1)))
    return w, losses

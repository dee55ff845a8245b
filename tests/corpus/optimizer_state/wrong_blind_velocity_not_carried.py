# truth: the velocity is not carried: only w is in the carry and v starts from 0 every step, so there is no momentum (plain SGD with a schedule)
# blind: third batch, labelled before the tutor was run on it
# cause: velocity_not_carried
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)



def momentum_run(w, x_batches, y_batches, lr):
    def step(w, batch):
        x, y, t = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        v = 0.0
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return w, value

    n = x_batches.shape[0]
    w, losses = lax.scan(step, w, (x_batches, y_batches, jnp.arange(n)))
    return w, losses

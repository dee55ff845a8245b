# truth: applies the old velocity to w before updating the velocity with this step's gradient (w uses v from the previous step)
# blind: third batch, labelled before the tutor was run on it
# cause: old_velocity
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
        value, g = jax.value_and_grad(loss)(w, x, y)
        w = w - lr / (1 + t) * v
        v = BETA * v + g
        return (w, v), value

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

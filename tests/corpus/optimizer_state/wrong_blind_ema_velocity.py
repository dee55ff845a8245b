# truth: PyTorch/Adam habit: velocity as an exponential average, v = 0.9 * v + 0.1 * g, instead of v = 0.9 * v + g
# blind: third batch, labelled before the tutor was run on it
# cause: dampened_momentum
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
        v = BETA * v + (1 - BETA) * g
        w = w - lr / (1 + t) * v
        return (w, v), value

    n = x_batches.shape[0]
    (w, v), losses = lax.scan(step, (w, 0.0), (x_batches, y_batches, jnp.arange(n)))
    return w, losses

# truth: a Python for loop over the batches instead of lax.scan (numbers right, loop unrolled)
# blind: third batch, labelled before the tutor was run on it
# cause: python_loop
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)



def momentum_run(w, x_batches, y_batches, lr):
    v = 0.0
    losses = []
    for t in range(x_batches.shape[0]):
        value, g = jax.value_and_grad(loss)(w, x_batches[t], y_batches[t])
        losses.append(value)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
    return w, jnp.stack(losses)

# truth: still logs float(value) at every step, so train waits for each step's loss before queuing the next (and fails under jax.jit, where the loss is a tracer with no value); only the recompiles are fixed.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: float_every_step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def _step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = _step(w, x, y, lr)
        losses.append(float(value))  # log the loss
    return w, jnp.array(losses)

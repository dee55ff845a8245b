# truth: the jitted step is hoisted out but the loss is still logged with float(value), so train waits at every step and raises a concretization error when run under jax.jit instead of returning arrays.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: float_every_step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(float(value))
    return w, jnp.array(losses)

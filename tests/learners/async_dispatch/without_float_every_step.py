# The symptom of float_every_step (right numbers; jit cannot trace train, a
# ConcretizationTypeError) without a float() of a loss: lr turned into a Python float.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


def train(w, xs, ys, lr):
    lr = float(lr)
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

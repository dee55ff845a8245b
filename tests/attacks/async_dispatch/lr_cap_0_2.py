# attack: edge
# wrong: the learning rate is capped at 0.2 "for stability", so an lr above 0.2, up to the range's maximum 0.25, steps with 0.2 instead.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - jnp.minimum(lr, 0.2) * g, value


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

# attack: tolerance
# wrong: each step adds a weight decay of 1e-6 * w to the gradient, so w shrinks by a factor (1 - lr * 1e-6) per step even where the gradient is exactly 0.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * (g + 1e-6 * w), value


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

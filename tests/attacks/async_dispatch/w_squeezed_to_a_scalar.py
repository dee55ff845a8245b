# attack: size
# wrong: w is squeezed to a scalar before the product, so with one feature (D = 1) and more than
# one example, x @ w is (B, 1) and broadcasts against y's (B,) into a (B, B) residual.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((jnp.dot(x, jnp.squeeze(w)) - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        w, value = step(w, x, y, lr)
        losses.append(value)
    return w, jnp.stack(losses)

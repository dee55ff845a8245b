# One float() of the starting weights, before the loop: every step stays queued, yet
# jax.jit cannot run train; it is told as a float() in train, not as one per step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))


def train(w, xs, ys, lr):
    print("starting from", float(jnp.sum(w)))
    losses = []
    for x, y in zip(xs, ys):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(value)
    return w, jnp.stack(losses)

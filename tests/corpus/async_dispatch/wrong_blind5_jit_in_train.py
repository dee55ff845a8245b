# truth: moves the jax.jit out of the loop but not out of train, so each call to train builds a new jitted function with an empty cache and traces and compiles it again.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: compiles_every_call
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, xs, ys, lr):
    step = jax.jit(jax.value_and_grad(loss))  # once per train call now, not once per step
    losses = []
    for x, y in zip(xs, ys):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(value)  # keep the array: no waiting
    return w, jnp.stack(losses)

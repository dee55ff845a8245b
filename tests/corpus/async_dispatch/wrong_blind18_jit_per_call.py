# truth: builds jax.jit(jax.value_and_grad(loss)) inside train (once per call instead of once per step), so each call of train makes a new function object with an empty cache and compiles again; only the per-step recompiles are gone.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: compiles_every_call
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, xs, ys, lr):
    step = jax.jit(jax.value_and_grad(loss))  # made once, outside the loop
    losses = []
    for x, y in zip(xs, ys):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(value)  # keep it as an array: no wait
    return w, jnp.stack(losses)

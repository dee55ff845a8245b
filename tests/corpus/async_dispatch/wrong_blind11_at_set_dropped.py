# truth: writes each loss with losses.at[t].set(value) but discards the result (JAX arrays are immutable, .at[].set returns a new array), so the returned losses stay all zeros while w is right.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - lr * g, value


def train(w, xs, ys, lr):
    losses = jnp.zeros(xs.shape[0])  # preallocate, then fill in place
    for t in range(xs.shape[0]):
        w, value = step(w, xs[t], ys[t], lr)
        losses.at[t].set(value)
    return w, losses

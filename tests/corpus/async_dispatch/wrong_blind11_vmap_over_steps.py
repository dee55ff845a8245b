# truth: replaces the sequential loop by jax.vmap over the T batches, so every loss and gradient is taken at the initial w and a single update with the mean gradient is made, instead of T updates one after another.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# true: probe_only_size_one
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def _train(w, xs, ys, lr):
    # one vectorised call over the T batches instead of a Python loop
    values, grads = jax.vmap(jax.value_and_grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    return w - lr * jnp.mean(grads, axis=0), values


def train(w, xs, ys, lr):
    return _train(w, xs, ys, lr)

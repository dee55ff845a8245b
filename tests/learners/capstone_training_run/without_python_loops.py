# epochs and batches folded by functools.reduce in Python, with no for or while
import functools

import jax
import jax.numpy as jnp

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    return g * jnp.minimum(1.0, MAX_NORM / jnp.sqrt(jnp.sum(g ** 2)))


def batch_step(state, batch):
    w, losses = state
    xb, yb = batch
    loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
    grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
    return w - LR * jnp.mean(jax.vmap(clip)(grads), axis=0), losses + [loss]


@jax.jit
def train(epoch_seeds, w, X, Y):
    starts = range(0, X.shape[0], BATCH)

    def epoch(state, seed):
        w, history = state
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xs, ys = X[order], Y[order]
        batches = [(xs[b:b + BATCH], ys[b:b + BATCH]) for b in starts]
        w, losses = functools.reduce(batch_step, batches, (w, []))
        return w, history + [jnp.stack(losses)]

    w, history = functools.reduce(epoch, epoch_seeds, (w, []))
    return w, jnp.stack(history)

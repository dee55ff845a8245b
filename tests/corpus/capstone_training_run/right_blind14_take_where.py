# truth: right, because jnp.take(..., order, axis=0) is X[order] / Y[order], reshaping to (-1, BATCH, ...) gives the consecutive batches in order, the mean loss is taken at the pre-step w, and where(norm > MAX_NORM, g * MAX_NORM / norm, g) is the same per-example clip as scaling by MAX_NORM / max(norm, MAX_NORM).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def _clip_one(g):
    norm = jnp.sqrt(jnp.sum(g * g))
    safe = jnp.where(norm > MAX_NORM, norm, 1.0)
    return jnp.where(norm > MAX_NORM, g * (MAX_NORM / safe), g)


def _batch_step(w, batch):
    x, y = batch
    losses = jax.vmap(lambda xi, yi: example_loss(w, xi, yi))(x, y)
    grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
    clipped = jax.vmap(_clip_one)(grads)
    w_next = w - LR * (jnp.sum(clipped, axis=0) / x.shape[0])
    return w_next, losses.sum() / x.shape[0]


@jax.jit
def train(epoch_seeds, w, X, Y):
    n, d = X.shape

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), n)
        xb = jnp.take(X, order, axis=0).reshape(-1, BATCH, d)
        yb = jnp.take(Y, order, axis=0).reshape(-1, BATCH)
        return lax.scan(_batch_step, w, (xb, yb))

    return lax.scan(epoch_step, w, epoch_seeds)

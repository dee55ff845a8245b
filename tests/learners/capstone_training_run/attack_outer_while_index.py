# the epochs in a lax.while_loop over e that reads epoch_seeds[e]
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    return g * jnp.minimum(1.0, MAX_NORM / jnp.sqrt(jnp.sum(g ** 2)))


def batch_step(w, batch):
    xb, yb = batch
    loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
    grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
    return w - LR * jnp.mean(jax.vmap(clip)(grads), axis=0), loss


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(state):
        e, w, history = state
        order = jax.random.permutation(jax.random.key(epoch_seeds[e]), X.shape[0])
        xs = X[order].reshape(-1, BATCH, X.shape[1])
        ys = Y[order].reshape(-1, BATCH)
        w, losses = lax.scan(batch_step, w, (xs, ys))
        return e + 1, w, history.at[e].set(losses)

    n = epoch_seeds.shape[0]
    _, w, history = lax.while_loop(lambda s: s[0] < n, epoch, (0, w, jnp.zeros((n, X.shape[0] // BATCH), X.dtype)))
    return w, history

# truth: the inner scan is started from the w closed over from train's arguments instead of the outer scan's carry, so every epoch restarts from the initial weights and only the last epoch's training survives.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: epoch reading the w that train was given
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * MAX_NORM / jnp.maximum(norm, MAX_NORM)


@jax.jit
def train(epoch_seeds, w, X, Y):
    def batch_step(w_cur, batch):
        x, y = batch
        batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w_cur, x, y))
        g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w_cur, x, y)
        g = jax.vmap(clip)(g)
        return w_cur - LR * jnp.mean(g, axis=0), batch_loss

    def epoch_step(w_epoch, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xs = X[order].reshape(-1, BATCH, 3)
        ys = Y[order].reshape(-1, BATCH)
        return lax.scan(batch_step, w, (xs, ys))

    w_final, history = lax.scan(epoch_step, w, epoch_seeds)
    return w_final, history

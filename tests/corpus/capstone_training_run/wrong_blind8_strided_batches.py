# truth: cuts the shuffled data into batches with reshape(BATCH, 3, ...) and a swapaxes, so batch j holds shuffled rows j and j+3 instead of the consecutive rows 2j and 2j+1.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: strided_batches
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / norm)


@jax.jit
def train(epoch_seeds, w, X, Y):
    def batch_step(w, batch):
        xb, yb = batch
        loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        return w - LR * jnp.mean(grads, axis=0), loss

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        # (BATCH, n_batches, ...) then put the batch index first
        xb = X[order].reshape(BATCH, 3, 3).swapaxes(0, 1)
        yb = Y[order].reshape(BATCH, 3).swapaxes(0, 1)
        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch_step, w, epoch_seeds)

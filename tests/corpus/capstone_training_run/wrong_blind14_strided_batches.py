# truth: the shuffled rows are reshaped to (BATCH, 3, 3) and transposed, so batch i is rows order[i], order[i+3] (strided) instead of the consecutive pair order[2i], order[2i+1], changing which examples share a batch.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: strided_batches
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    n_batches = X.shape[0] // BATCH

    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xs = X[order].reshape(BATCH, n_batches, 3).transpose(1, 0, 2)
        ys = Y[order].reshape(BATCH, n_batches).T

        def step(w, batch):
            x, y = batch
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.linalg.norm(g, axis=1, keepdims=True)
            g = g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norms, 1e-12))
            return w - LR * jnp.mean(g, axis=0), batch_loss

        return lax.scan(step, w, (xs, ys))

    return lax.scan(epoch, w, epoch_seeds)

# truth: cuts the shuffled data into 2 batches of 3 rows (reshape(BATCH, 3, 3)) instead of 3 batches of 2, so the history has shape (2, 2)
# blind: third batch, labelled before the tutor was run on it
# cause: probe_shape
# says: where the expected result has shape (2, 3)
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        x_batches = X[order].reshape(BATCH, 3, 3)
        y_batches = Y[order].reshape(BATCH, 3)

        def batch_step(w, batch):
            x, y = batch
            losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y)
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.sqrt(jnp.sum(grads ** 2, axis=1, keepdims=True))
            clipped = grads * jnp.minimum(1.0, MAX_NORM / norms)
            new_w = w - LR * jnp.mean(clipped, axis=0)
            return new_w, jnp.mean(losses)

        return lax.scan(batch_step, w, (x_batches, y_batches))

    return lax.scan(epoch, w, epoch_seeds)

# truth: clips the batch-averaged gradient to norm MAX_NORM instead of clipping each example's gradient before averaging.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_the_mean
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)

        def batch(w, xy):
            x, y = xy
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            g = grads.mean(axis=0)
            norm = jnp.linalg.norm(g)
            g = g * jnp.minimum(1.0, MAX_NORM / norm)
            return w - LR * g, batch_loss

        return lax.scan(batch, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

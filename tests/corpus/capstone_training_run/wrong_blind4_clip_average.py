# truth: Averages the per-example gradients first and clips the average, instead of clipping each example's gradient before averaging.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
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
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)

        def batch_step(w, batch):
            x, y = batch
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            avg = jnp.mean(g, axis=0)
            norm = jnp.linalg.norm(avg)
            avg = avg * jnp.minimum(1.0, MAX_NORM / norm)
            return w - LR * avg, batch_loss

        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

# truth: clips the batch-averaged gradient instead of each example's gradient before averaging, so one large example still steers the step.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_the_mean
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
        avg = clip(jnp.mean(grads, axis=0))
        return w - LR * avg, loss

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch_step, w, epoch_seeds)

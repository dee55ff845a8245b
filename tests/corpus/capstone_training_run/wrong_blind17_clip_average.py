# truth: clips the batch-averaged gradient instead of each per-example gradient: the per-example grads are averaged first and only the mean is scaled to norm <= MAX_NORM, so one large example still dominates the direction (matches correct only when no example exceeds MAX_NORM)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_the_mean
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    n, d = X.shape

    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), n)
        Xb = X[order].reshape(-1, BATCH, d)
        Yb = Y[order].reshape(-1, BATCH)

        def batch_step(w, batch):
            xb, yb = batch
            losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb)
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
            avg = grads.mean(axis=0)
            norm = jnp.linalg.norm(avg)
            avg = jnp.where(norm > MAX_NORM, avg * (MAX_NORM / norm), avg)
            w = w - LR * avg
            return w, losses.mean()

        return lax.scan(batch_step, w, (Xb, Yb))

    w, history = lax.scan(epoch, w, epoch_seeds)
    return w, history

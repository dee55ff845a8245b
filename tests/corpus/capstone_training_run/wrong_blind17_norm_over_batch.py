# truth: the norms are taken along axis=0 (one norm per weight coordinate across the batch's examples) instead of axis=1 (one per example), so each coordinate column is rescaled rather than each example's gradient row
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: part_out_of_play
# says: the difference is in the clipping
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
            norms = jnp.linalg.norm(grads, axis=0, keepdims=True)
            grads = jnp.where(norms > MAX_NORM, grads * (MAX_NORM / norms), grads)
            w = w - LR * grads.mean(axis=0)
            return w, losses.mean()

        return lax.scan(batch_step, w, (Xb, Yb))

    w, history = lax.scan(epoch, w, epoch_seeds)
    return w, history

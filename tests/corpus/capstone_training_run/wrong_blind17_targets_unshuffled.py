# truth: only X is permuted; Y is cut into batches in its original order (Y.reshape instead of Y[order].reshape), so each shuffled input row is paired with the wrong target and the model trains on mismatched (x, y) pairs
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: targets_not_shuffled
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
        Yb = Y.reshape(-1, BATCH)

        def batch_step(w, batch):
            xb, yb = batch
            losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb)
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
            norms = jnp.linalg.norm(grads, axis=1, keepdims=True)
            grads = jnp.where(norms > MAX_NORM, grads * (MAX_NORM / norms), grads)
            w = w - LR * grads.mean(axis=0)
            return w, losses.mean()

        return lax.scan(batch_step, w, (Xb, Yb))

    w, history = lax.scan(epoch, w, epoch_seeds)
    return w, history

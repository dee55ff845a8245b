# truth: the batch's mean loss is recorded after the update, i.e. at the new w rather than the w the step started with, so history[e, b] is the loss of batch b at the post-update weights
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
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
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
            norms = jnp.linalg.norm(grads, axis=1, keepdims=True)
            grads = jnp.where(norms > MAX_NORM, grads * (MAX_NORM / norms), grads)
            w = w - LR * grads.mean(axis=0)
            loss = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb).mean()
            return w, loss

        return lax.scan(batch_step, w, (Xb, Yb))

    w, history = lax.scan(epoch, w, epoch_seeds)
    return w, history

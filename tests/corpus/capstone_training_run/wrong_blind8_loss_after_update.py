# truth: records the batch's mean loss after the update, at the new w, instead of at the w the gradient was taken at.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
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
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        w = w - LR * jnp.mean(grads, axis=0)
        loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
        return w, loss

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch_step, w, epoch_seeds)

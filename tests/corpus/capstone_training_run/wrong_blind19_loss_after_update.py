# truth: Records each batch's mean loss after the update, at the new w, instead of at the current w before stepping; the final w is correct but every history entry is the post-step loss (usually smaller) rather than the pre-step loss.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norm, 1e-12))


def batch_loss(w, xb, yb):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb).mean()


@jax.jit
def train(epoch_seeds, w, X, Y):
    # Outer scan over epoch_seeds; inner scan over the shuffled batches.
    def batch_step(w, batch):
        xb, yb = batch
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        w = w - LR * grads.mean(axis=0)
        return w, batch_loss(w, xb, yb)

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    w, history = lax.scan(epoch_step, w, epoch_seeds)
    return w, history

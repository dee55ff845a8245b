# truth: records each batch's mean loss after the update to w instead of at the current w before it.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def batch_loss(w, x, y):
    return jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)

        def batch(w, xy):
            x, y = xy
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.linalg.norm(grads, axis=1, keepdims=True)
            grads = grads * jnp.minimum(1.0, MAX_NORM / norms)
            w = w - LR * grads.mean(axis=0)
            return w, batch_loss(w, x, y)

        return lax.scan(batch, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

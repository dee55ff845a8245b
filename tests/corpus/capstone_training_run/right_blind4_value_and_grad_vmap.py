# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


per_example = jax.vmap(jax.value_and_grad(example_loss), in_axes=(None, 0, 0))


@jax.jit
def train(epoch_seeds, w, X, Y):
    def one_batch(w, xy):
        losses, grads = per_example(w, xy[0], xy[1])
        norms = jnp.sqrt(jnp.sum(grads ** 2, axis=-1))
        grads = grads / jnp.maximum(1.0, norms / MAX_NORM)[:, None]
        return w - LR * grads.mean(axis=0), losses.mean()

    def one_epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        batches = (X[order].reshape(-1, BATCH, X.shape[1]), Y[order].reshape(-1, BATCH))
        return lax.scan(one_batch, w, batches)

    w_final, history = lax.scan(one_epoch, w, epoch_seeds)
    return w_final, history

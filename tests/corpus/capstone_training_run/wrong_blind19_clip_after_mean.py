# truth: Averages the per-example gradients first and then clips the batch average to MAX_NORM, instead of clipping each example's gradient before averaging; identical whenever no example's gradient norm exceeds 1 (inputs too small for clipping), but w and later history entries differ once any example is clipped.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_the_mean
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norm, 1e-12))


@jax.jit
def train(epoch_seeds, w, X, Y):
    # Outer scan over epoch_seeds; inner scan over the shuffled batches.
    def batch_step(w, batch):
        xb, yb = batch
        losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        avg = clip(grads.mean(axis=0))
        return w - LR * avg, losses.mean()

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    w, history = lax.scan(epoch_step, w, epoch_seeds)
    return w, history

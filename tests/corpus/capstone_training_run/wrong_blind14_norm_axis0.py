# truth: the per-example gradient norms are taken with axis=0 (one norm per coordinate across the batch) instead of axis=1 (one per example row), so the clipping scales columns rather than bounding each example's gradient.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
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
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xs = X[order].reshape(-1, BATCH, 3)
        ys = Y[order].reshape(-1, BATCH)

        def step(w, batch):
            x, y = batch
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.linalg.norm(grads, axis=0)
            scale = jnp.where(norms > MAX_NORM, MAX_NORM / norms, 1.0)
            grads = grads * scale
            return w - LR * jnp.mean(grads, axis=0), batch_loss

        return lax.scan(step, w, (xs, ys))

    return lax.scan(epoch, w, epoch_seeds)

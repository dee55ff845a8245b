# truth: clips each gradient component into [-MAX_NORM, MAX_NORM] with jnp.clip (NumPy-style value clipping) instead of scaling each example's gradient to norm at most MAX_NORM.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
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
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)

        def batch(w, xy):
            x, y = xy
            loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            grads = jnp.clip(grads, -MAX_NORM, MAX_NORM)  # clip every example's gradient
            return w - LR * grads.mean(axis=0), loss

        return lax.scan(batch, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

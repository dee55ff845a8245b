# truth: Splits the epoch key and shuffles X and Y with two different permutations (X with one child key, Y with the other), so inputs and targets are no longer paired; w and history differ from the correct run except when the two permutations happen to coincide (or Y is constant).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: unpaired_orders
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
        loss = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb).mean()
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        return w - LR * grads.mean(axis=0), loss

    def epoch_step(w, seed):
        # never reuse a key: one for X, one for Y
        kx, ky = jax.random.split(jax.random.key(seed))
        order_x = jax.random.permutation(kx, X.shape[0])
        order_y = jax.random.permutation(ky, X.shape[0])
        xb = X[order_x].reshape(-1, BATCH, X.shape[1])
        yb = Y[order_y].reshape(-1, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    w, history = lax.scan(epoch_step, w, epoch_seeds)
    return w, history

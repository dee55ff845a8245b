# truth: adds 1e-4 to each gradient's norm before clipping, so every clipped gradient comes out about 1e-4 of itself short of MAX_NORM; what is never clipped is right.
# cause: part_out_of_play
# says: the difference is in the clipping
# never: what they share
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.sqrt(jnp.sum(g ** 2)) + 1e-4  # keep the division safe
    return g * jnp.minimum(1.0, MAX_NORM / norm)


def batch_step(w, batch):
    xb, yb = batch
    loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
    grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
    return w - LR * jnp.mean(jax.vmap(clip)(grads), axis=0), loss


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xs = X[order].reshape(-1, BATCH, X.shape[1])
        ys = Y[order].reshape(-1, BATCH)
        return lax.scan(batch_step, w, (xs, ys))

    return lax.scan(epoch, w, epoch_seeds)

# attack: tolerance
# wrong: the clip scale is MAX_NORM / (norm + 1e-6), so clipped gradients come out about 1e-6 relative too short.
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    return g * jnp.minimum(1.0, MAX_NORM / (jnp.sqrt(jnp.sum(g**2)) + 1e-6))


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

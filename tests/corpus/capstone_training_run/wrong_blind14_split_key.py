# truth: the epoch key is split before shuffling and the permutation is drawn from the subkey instead of from jax.random.key(s) itself, so every epoch uses a different row order than the task prescribes.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: part_out_of_play
# says: the difference is in the order of the examples
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        key = jax.random.key(seed)
        key, perm_key = jax.random.split(key)
        order = jax.random.permutation(perm_key, 6)
        xs = X[order].reshape(-1, BATCH, 3)
        ys = Y[order].reshape(-1, BATCH)

        def step(w, batch):
            x, y = batch
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.linalg.norm(g, axis=1, keepdims=True)
            g = g * MAX_NORM / jnp.maximum(norms, MAX_NORM)
            return w - LR * jnp.mean(g, axis=0), batch_loss

        return lax.scan(step, w, (xs, ys))

    return lax.scan(epoch, w, epoch_seeds)

# truth: a Python for loop over the epochs (unrolled inside jit) instead of an outer lax.scan over epoch_seeds (numbers right)
# blind: third batch, labelled before the tutor was run on it
# cause: python_loops
# never: epochs and batches run as Python loops
# never: one copy of the step per batch
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    def batch_step(w, batch):
        x, y = batch
        losses = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y)
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
        norms = jnp.sqrt(jnp.sum(grads ** 2, axis=1, keepdims=True))
        clipped = grads * jnp.minimum(1.0, MAX_NORM / norms)
        return w - LR * jnp.mean(clipped, axis=0), jnp.mean(losses)

    history = []
    for e in range(epoch_seeds.shape[0]):
        order = jax.random.permutation(jax.random.key(epoch_seeds[e]), 6)
        w, losses = lax.scan(batch_step, w, (X[order].reshape(3, BATCH, 3), Y[order].reshape(3, BATCH)))
        history.append(losses)
    return w, jnp.stack(history)

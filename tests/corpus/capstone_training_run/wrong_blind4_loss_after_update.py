# truth: Records each batch's mean loss at the updated w, after the step, instead of at the current w before the update.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
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
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)

        def batch_step(w, batch):
            x, y = batch
            g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            norms = jnp.linalg.norm(g, axis=1, keepdims=True)
            g = g * jnp.minimum(1.0, MAX_NORM / norms)
            w = w - LR * jnp.mean(g, axis=0)
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            return w, batch_loss

        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

# truth: the batch's mean loss is recorded at the updated w (after the SGD step) instead of at the current w before it, so every history entry is shifted to the post-step loss while the final w is still right.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    per_example_grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))
    per_example_loss = jax.vmap(example_loss, in_axes=(None, 0, 0))

    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xs = X[order].reshape(-1, BATCH, 3)
        ys = Y[order].reshape(-1, BATCH)

        def step(w, batch):
            x, y = batch
            g = per_example_grads(w, x, y)
            norms = jnp.linalg.norm(g, axis=1, keepdims=True)
            g = g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norms, 1e-12))
            w = w - LR * jnp.mean(g, axis=0)
            return w, jnp.mean(per_example_loss(w, x, y))

        return lax.scan(step, w, (xs, ys))

    return lax.scan(epoch, w, epoch_seeds)

# truth: Clips with a Python if on the traced gradient norm inside the jitted scan, which raises TracerBoolConversionError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    if norm > MAX_NORM:
        return g * MAX_NORM / norm
    return g


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)

        def batch_step(w, batch):
            x, y = batch
            batch_loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
            g = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
            g = jax.vmap(clip)(g)
            return w - LR * jnp.mean(g, axis=0), batch_loss

        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch, w, epoch_seeds)

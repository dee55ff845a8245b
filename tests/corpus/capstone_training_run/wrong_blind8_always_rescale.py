# truth: "clips" by always rescaling each example's gradient to norm MAX_NORM (g * MAX_NORM / norm), so gradients that are already shorter than MAX_NORM get stretched instead of being left alone.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: every_gradient_rescaled
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    return g * MAX_NORM / (jnp.linalg.norm(g) + 1e-12)


@jax.jit
def train(epoch_seeds, w, X, Y):
    def batch_step(w, batch):
        xb, yb = batch
        loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb))
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        return w - LR * jnp.mean(grads, axis=0), loss

    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)
        return lax.scan(batch_step, w, (xb, yb))

    return lax.scan(epoch_step, w, epoch_seeds)

# truth: runs the epochs with a Python for loop over range(len(epoch_seeds)) (unrolled by jit) instead of an outer lax.scan over epoch_seeds; the numbers are right but the outer loop is not a scan.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loops
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    def batch(w, xy):
        x, y = xy
        loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, x, y))
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, x, y)
        norms = jnp.linalg.norm(grads, axis=1, keepdims=True)
        grads = grads * jnp.minimum(1.0, MAX_NORM / norms)
        return w - LR * grads.mean(axis=0), loss

    history = []
    for e in range(epoch_seeds.shape[0]):
        order = jax.random.permutation(jax.random.key(epoch_seeds[e]), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)
        w, losses = lax.scan(batch, w, (xb, yb))
        history.append(losses)
    return w, jnp.stack(history)

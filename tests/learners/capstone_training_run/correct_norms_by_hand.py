import jax
import jax.numpy as jnp
from jax import lax


def loss_one(w, x, y):
    return (x @ w - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    per_example_grad = jax.vmap(jax.grad(loss_one), in_axes=(None, 0, 0))

    def on_batch(w, batch):
        xb, yb = batch
        recorded = jnp.mean((xb @ w - yb) ** 2)
        g = per_example_grad(w, xb, yb)
        norms = jnp.linalg.norm(g, axis=1, keepdims=True)
        g = g * jnp.minimum(1.0, 1.0 / norms)
        return w - 0.1 * g.mean(axis=0), recorded

    def on_epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        return lax.scan(on_batch, w, (X[order].reshape(3, 2, -1), Y[order].reshape(3, 2)))

    w, history = lax.scan(on_epoch, w, epoch_seeds)
    return w, history

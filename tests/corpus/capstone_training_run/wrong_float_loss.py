# cause: tracer_to_python_number
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    return g * jnp.minimum(1.0, MAX_NORM / jnp.sqrt(jnp.sum(g ** 2)))


@jax.jit
def train(epoch_seeds, w, X, Y):
    history = []
    for seed in epoch_seeds:
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xs = X[order].reshape(-1, BATCH, X.shape[1])
        ys = Y[order].reshape(-1, BATCH)
        losses = []
        for xb, yb in zip(xs, ys):
            losses.append(float(jnp.mean((xb @ w - yb) ** 2)))
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
            w = w - LR * jnp.mean(jax.vmap(clip)(grads), axis=0)
        history.append(losses)
    return w, jnp.array(history)

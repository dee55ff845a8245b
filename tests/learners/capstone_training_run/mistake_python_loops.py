import jax
import jax.numpy as jnp


def loss_one(w, x, y):
    return (x @ w - y) ** 2


@jax.jit
def train(epoch_seeds, w, X, Y):
    history = []
    for e in range(2):
        order = jax.random.permutation(jax.random.key(epoch_seeds[e]), 6)
        xs, ys = X[order], Y[order]
        row = []
        for start in (0, 2, 4):
            xb, yb = xs[start:start + 2], ys[start:start + 2]
            row.append(jnp.mean((xb @ w - yb) ** 2))
            g = jax.vmap(jax.grad(loss_one), in_axes=(None, 0, 0))(w, xb, yb)
            g = g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g, axis=1, keepdims=True))
            w = w - 0.1 * g.mean(axis=0)
        history.append(jnp.stack(row))
    return w, jnp.stack(history)

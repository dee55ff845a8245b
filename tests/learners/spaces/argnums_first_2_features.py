# wrong only where D > 2: the residual from the first two features (x[:, :2])
import jax.numpy as jnp


def grad_w_and_x(scale, w, x, y):
    r = x[:, :2] @ w[:2] - y
    return 2 * scale * x.T @ r, 2 * scale * jnp.outer(r, w)

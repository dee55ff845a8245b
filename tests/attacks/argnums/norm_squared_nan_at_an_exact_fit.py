# attack: edge
# wrong: the loss is rewritten as scale * norm(x @ w - y)**2, whose gradients are NaN when the residual is exactly zero (y == x @ w).
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.linalg.norm(x @ w - y) ** 2


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)

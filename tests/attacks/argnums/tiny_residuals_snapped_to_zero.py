# attack: edge
# wrong: residuals with |r| < 1e-3 are treated as exactly zero (a dead zone), so near-exact fits give zero gradients.
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    r = x @ w - y
    r = jnp.where(jnp.abs(r) < 1e-3, 0.0, r)
    return scale * jnp.sum(r**2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)

# cause: probe_ignored_argument
# says: does not change when scale changes
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    plain = lambda w, x: jnp.sum((x @ w - y) ** 2)
    return jax.grad(plain, argnums=(0, 1))(w, x)

# attack: size
# wrong: only the first 20 rows of x enter the loss, so dloss/dw misses terms and dloss/dx rows past 20 are zero when N > 20.
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum(((x @ w - y) ** 2)[:20])


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)

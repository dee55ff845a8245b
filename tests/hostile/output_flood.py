# A correct answer that prints 50 MB: the verdict must still arrive, quickly.
import sys

import jax
import jax.numpy as jnp

sys.stdout.write("flood " * (50 * 1024**2 // 6))
sys.stdout.flush()


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)

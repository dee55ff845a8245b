import jax
import jax.numpy as jnp


def sgd_tree(w, b, x, y, lr):
    def loss(w, b):
        return jnp.sum((x @ w + b - y) ** 2)

    gw, gb = jax.grad(loss, argnums=(0, 1))(w, b)
    return {"w": w - lr * gw, "b": b - lr * gb}

import jax
import jax.numpy as jnp


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(lambda p: jnp.sum((x @ p["w"] + p["b"] - y) ** 2))(params)
    # the names say (grad, param), but tree.map passes params first
    return jax.tree.map(lambda g, p: p - lr * g, params, grads)

# cause: dict_arithmetic
# blind: written before the tutor was run on it (second batch)
# never: params - lr * grads fails
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p: p - lr * grads, params)

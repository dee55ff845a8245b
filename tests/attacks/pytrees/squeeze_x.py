# attack: size
# wrong: x is squeezed before the matmul, which crashes when D == 1 (x becomes shape (N,) and no longer matches w).
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((jnp.squeeze(x) @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)

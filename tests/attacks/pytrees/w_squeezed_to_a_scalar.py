# attack: size
# wrong: w is squeezed to a scalar before the product, so with one feature (D = 1) and more than
# one example, x @ w is (N, 1) and broadcasts against y's (N,) into an (N, N) residual.
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((jnp.dot(x, jnp.squeeze(params["w"])) + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
